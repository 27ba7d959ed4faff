import { LinkOutlined } from '@ant-design/icons';
import { type ConsultaCnpjResultado, type Transportador, cnpjValido, formatarDocumento, somenteDigitos } from '@fretio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Spin } from 'antd';
import { useEffect } from 'react';
import { apiGet, apiPost } from '../../app/api.ts';
import { usePerfil, usePode, useToastErro } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { CpfCnpjInput } from '../../resources/fields/CpfCnpjInput.tsx';
import type { FieldComponentProps } from '../../resources/types.ts';

// The CNPJ of a new carrier is looked up first (our register, then the external provider, e=1):
// a carrier already in Fretio is LINKED to the active shipper instead of being created again; data
// found outside fills the empty fields of the form.
const PREENCHIVEIS = ['nome', 'nomeFantasia', 'email', 'telefone', 'cep', 'uf', 'municipioIbge'] as const;

export function CnpjConsulta({ value, onChange, id, disabled, form, uid, close }: FieldComponentProps) {
  const cnpj = somenteDigitos(String(value ?? ''));
  const consultar = uid === null && cnpjValido(cnpj);
  const consulta = useQuery({
    queryKey: ['transportadores', 'consulta-cnpj', cnpj],
    queryFn: async ({ signal }) => (await apiGet<ConsultaCnpjResultado>(`/transportadores/consulta-cnpj/${cnpj}`, { e: 1 }, signal)).data,
    enabled: consultar,
    // Always asked again: a carrier linked a moment ago must not show as "not linked" from the cache.
    staleTime: 0,
    gcTime: 0,
  });
  const r = consultar ? consulta.data : undefined;

  // Data from outside: fill what the user has not typed yet.
  useEffect(() => {
    if (r?.encontrado && r.origem === 'externo' && r.transportador) {
      const dados = r.transportador as Record<string, unknown>;
      const vazios = Object.fromEntries(PREENCHIVEIS.filter((k) => !form.getFieldValue(k) && dados[k]).map((k) => [k, dados[k]]));
      form.setFieldsValue(vazios);
    }
  }, [r, form]);

  return (
    <Flex vertical gap={8}>
      <CpfCnpjInput
        id={id}
        tipo="cnpj"
        value={cnpj}
        disabled={disabled}
        placeholder="00.000.000/0000-00"
        onChange={(d) => onChange?.(d)}
        suffix={consulta.isFetching ? <Spin size="small" /> : <span />}
      />
      {r && <Resultado r={r} close={close} />}
    </Flex>
  );
}

function Resultado({ r, close }: { r: ConsultaCnpjResultado; close: () => void }) {
  const t = r.transportador as (Transportador & { uid?: string }) | null;
  if (!r.encontrado || !t) {
    return <Alert type="info" showIcon title="CNPJ ainda não cadastrado no Fretio: preencha os dados do novo transportador." />;
  }
  if (r.origem === 'externo') {
    return (
      <Alert type="success" showIcon title={`Dados de ${t.nome} preenchidos a partir da consulta do CNPJ. Confira antes de salvar.`} />
    );
  }
  if (r.vinculado) {
    return (
      <Alert
        type="warning"
        showIcon
        title={`${t.nome} (${formatarDocumento(t.cnpj)}) já está cadastrado e vinculado a este embarcador.`}
        description="Feche este formulário e edite o transportador na lista."
      />
    );
  }
  return <Vincular transportador={t as Transportador} close={close} />;
}

function Vincular({ transportador: t, close }: { transportador: Transportador; close: () => void }) {
  const { data: perfil } = usePerfil();
  const pode = usePode();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const toastErro = useToastErro();
  const embarcador = perfil?.embarcadorAtivo;
  const vincular = useMutation({
    mutationFn: () => apiPost(`/embarcadores/${embarcador?.uid}/transportadores`, { transportadorUid: t.uid }),
    onSuccess: async () => {
      message.success(`Transportador vinculado ao embarcador ativo: ${t.nome}`);
      await Promise.all(
        ['transportadores', 'transportadores-autonomos', 'embarcador-transportadores'].map((k) =>
          queryClient.invalidateQueries({ queryKey: queryKeys.resource(k).all }),
        ),
      );
      close();
    },
    onError: toastErro,
  });
  return (
    <Alert
      type="info"
      showIcon
      title={`${t.nome} (${formatarDocumento(t.cnpj)}) já está cadastrado no Fretio.`}
      description="Em vez de criar outro cadastro, vincule este transportador ao embarcador ativo."
      action={
        pode('transportadores', 'criar') && (
          <Button type="primary" icon={<LinkOutlined />} loading={vincular.isPending} onClick={() => vincular.mutate()}>
            Vincular ao embarcador
          </Button>
        )
      }
    />
  );
}
