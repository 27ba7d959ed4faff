import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { TabelaFreteCompleta } from '@fretio/core';
import { Alert, App, Button, Card, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { clienteDe } from '../../app/contrato.ts';
import { useComponentesAtivos } from '../componentes/hooks.ts';
import { tabelasApi } from './api.ts';
import { editorDaTabela } from './acoes.tsx';
import { type CorpoVinculo, useSalvarVinculo, useTabelaCompleta } from './hooks.ts';

// "Vínculo" tab: a derived table takes another table of the shipper as its base and declares only
// adjustments per component (percentage on the base's value, or a fixed value replacing it), optionally
// on one route of the base and/or for some recipients. It follows the base's later changes.

type Valores = CorpoVinculo & { ajustesBase: (CorpoVinculo['ajustesBase'][number] & { destinatarios?: string[] })[] };

function useTabelasParaBase(uidPropria: string) {
  const query = { pc: 1, pps: 500, ssf: 'nome', sso: 'ASC', ftr_vigencia: 'todas', ftr_historica: 'false' };
  return useQuery({
    queryKey: ['tabelas-frete', 'list', 'bases', query],
    queryFn: async ({ signal }) => (await clienteDe(tabelasApi).listar(query, signal)).data.data,
    select: (ts) => ts.filter((t) => t.uid !== uidPropria && (t.status === 1 || t.status === 3)),
  });
}

export function VinculoTabela({ tabela, readOnly }: { tabela: TabelaFreteCompleta; readOnly: boolean }) {
  const [form] = Form.useForm<Valores>();
  const { message } = App.useApp();
  const bases = useTabelasParaBase(tabela.uid);
  const componentes = useComponentesAtivos();
  const baseUid = Form.useWatch('tabelaBaseUid', form) ?? null;
  const base = useTabelaCompleta(baseUid);
  const salvar = useSalvarVinculo(tabela, {
    onSuccess: () => void message.success('Vínculo salvo.'),
    onError: (e) => void message.error((e as Error).message),
  });
  const temPartesProprias = tabela.rotas.length > 0 || tabela.generalidades.length > 0 || tabela.adicionais.length > 0;

  const iniciais = useMemo(
    () => ({
      tabelaBaseUid: tabela.tabelaBaseUid,
      ajustesBase: tabela.ajustesBase.map((a) => ({ ...a, rotaUid: a.rotaUid ?? null })),
    }),
    [tabela.tabelaBaseUid, tabela.ajustesBase],
  );
  useEffect(() => form.setFieldsValue(iniciais), [iniciais, form]);

  const opcoesComponente = (componentes.data ?? []).map((c) => ({ value: c.codigo, label: `${c.codigo} - ${c.nome}` }));
  const opcoesRota = (base.data?.rotas ?? []).map((r) => ({ value: r.uid, label: `${r.origem.descricao} → ${r.destino.descricao}` }));

  return (
    <Card size="small" data-testid="vinculo-tabela">
      <Typography.Paragraph type="secondary">
        Uma tabela derivada cota como a tabela base (rotas, regras, generalidades e adicionais da base) e muda só os componentes
        ajustados abaixo: um percentual sobre o valor da base ou um valor fixo no lugar dele. Alterações posteriores da base valem
        também aqui.
      </Typography.Paragraph>
      {tabela.tabelaBaseUid && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <span>
              Derivada de <Link to={editorDaTabela(tabela.tabelaBaseUid)}>{tabela.tabelaBaseNome}</Link>: rotas, regras e restrições vêm da
              base.
            </span>
          }
        />
      )}
      {!tabela.tabelaBaseUid && temPartesProprias && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Esta tabela tem rotas ou regras próprias: para derivá-la de outra, remova-as antes."
        />
      )}
      <Form<Valores>
        form={form}
        name="vinculo"
        layout="vertical"
        disabled={readOnly}
        initialValues={iniciais}
        onFinish={(v) =>
          salvar.mutate({
            tabelaBaseUid: v.tabelaBaseUid ?? null,
            ajustesBase: v.tabelaBaseUid ? (v.ajustesBase ?? []).map((a) => ({ ...a, rotaUid: a.rotaUid ?? null })) : [],
          })
        }
      >
        <Form.Item name="tabelaBaseUid" label="Tabela base" style={{ maxWidth: 520 }}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Nenhuma (tabela comum)"
            loading={bases.isFetching}
            options={(bases.data ?? []).map((t) => ({ value: t.uid, label: `${t.nome} — ${t.transportadorNome} (${t.statusLabel})` }))}
          />
        </Form.Item>
        {baseUid && (
          <Form.List name="ajustesBase">
            {(campos, { add, remove }) => (
              <>
                <Typography.Text strong>Ajustes por componente</Typography.Text>
                {campos.map(({ key, name }) => (
                  <Space key={key} wrap align="start" style={{ display: 'flex', marginTop: 8 }} data-testid="ajuste-base">
                    <Form.Item name={[name, 'componente']} rules={[{ required: true, message: 'Informe o componente' }]} style={{ width: 240 }}>
                      <Select showSearch={{ optionFilterProp: 'label' }} placeholder="Componente" options={opcoesComponente} aria-label="Componente" />
                    </Form.Item>
                    <Form.Item name={[name, 'tipo']} initialValue="PERCENTUAL" style={{ width: 190 }}>
                      <Select
                        aria-label="Tipo do ajuste"
                        options={[
                          { value: 'PERCENTUAL', label: '% sobre o valor da base' },
                          { value: 'VALOR', label: 'Valor fixo (substitui)' },
                        ]}
                      />
                    </Form.Item>
                    <Form.Item name={[name, 'valor']} rules={[{ required: true, message: 'Informe o valor' }]}>
                      <InputNumber aria-label="Valor do ajuste" decimalSeparator="," step={0.5} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name={[name, 'rotaUid']} style={{ width: 260 }}>
                      <Select allowClear aria-label="Rota" placeholder="Todas as rotas" options={opcoesRota} loading={base.isFetching} />
                    </Form.Item>
                    <Form.Item name={[name, 'destinatarios']} style={{ width: 280 }}>
                      <Select mode="tags" aria-label="Destinatários" placeholder="Todos os destinatários (CNPJ/CPF)" tokenSeparators={[',', ' ', ';']} />
                    </Form.Item>
                    {!readOnly && <Button icon={<DeleteOutlined />} aria-label="Remover ajuste" onClick={() => remove(name)} />}
                  </Space>
                ))}
                {!readOnly && (
                  <Button icon={<PlusOutlined />} onClick={() => add({ tipo: 'PERCENTUAL' })} style={{ margin: '8px 0 16px' }}>
                    Adicionar ajuste
                  </Button>
                )}
              </>
            )}
          </Form.List>
        )}
        {!readOnly && (
          <div>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={salvar.isPending}>
              Salvar vínculo
            </Button>
          </div>
        )}
      </Form>
    </Card>
  );
}
