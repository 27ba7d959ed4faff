import { type DocumentoPlanejado, type PlanejamentoCarga, formatarDinheiro } from '@fretio/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Descriptions, Form, Input, Progress, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, type ListPage, apiPost, apiPut } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { CpfCnpjInput } from '../../resources/fields/CpfCnpjInput.tsx';
import { RemoteSelect } from '../../resources/fields/RemoteSelect.tsx';
import { formatarNumero } from '../produtos/numeros.ts';
import { ComparacaoDeCustos, MoverDocumentos } from './CustosDaCarga.tsx';

// One load plan, expanded in the list: its documents with the totals against the vehicle's capacity
// (warnings from the server), and the free documents (NF-es and orders not yet planned nor shipped)
// filtered by destination UF or region, sender (the NF-e's issuer) and period, to add to the plan; selected documents move to another open plan;
// the consolidated-vs-separate cost on demand. Finishing is a row action.

/** URL parameters of the free documents' filters (apart from the plans list's own ftr_*). */
export const FILTRO = { uf: 'doc_uf', regiao: 'doc_regiao', remetente: 'doc_remetente', de: 'doc_de', ate: 'doc_ate' } as const;
type ParamFiltro = (typeof FILTRO)[keyof typeof FILTRO];

const data = (s: string | null) => (s ? s.split('-').reverse().join('/') : '—');
const corpo = (p: PlanejamentoCarga, docs: DocumentoPlanejado[]) => ({
  descricao: p.descricao,
  origemCep: p.origemCep,
  origemMunicipioIbge: p.origemMunicipioIbge,
  destinoCep: p.destinoCep,
  destinoMunicipioIbge: p.destinoMunicipioIbge,
  tipoVeiculoUid: p.tipoVeiculoUid,
  transportadorUid: p.transportadorUid,
  dataEmbarque: p.dataEmbarque,
  observacao: p.observacao,
  documentos: docs.map((d) => (d.tipo === 'nfe' ? { nfeUid: d.uid } : { pedidoUid: d.uid })),
});

function colunas(extra?: (d: DocumentoPlanejado) => React.ReactNode) {
  return [
    {
      title: 'Documento',
      key: 'doc',
      render: (_: unknown, d: DocumentoPlanejado) => `${d.tipo === 'nfe' ? 'NF-e' : 'Pedido'} ${d.numero}`,
    },
    { title: 'Destinatário', dataIndex: 'destinatarioNome' },
    {
      title: 'Destino',
      key: 'dest',
      render: (_: unknown, d: DocumentoPlanejado) =>
        d.destinoMunicipio ? `${d.destinoMunicipio}/${d.destinoUf ?? ''}` : (d.destinoUf ?? '—'),
    },
    { title: 'Data', dataIndex: 'data', width: 100, render: data },
    { title: 'Peso (kg)', dataIndex: 'pesoKg', align: 'right' as const, render: (v: number) => formatarNumero(v, 3) },
    { title: 'Valor (R$)', dataIndex: 'valor', align: 'right' as const, render: (v: number) => formatarDinheiro(v) },
    ...(extra ? [{ title: '', key: 'acao', width: 100, render: (_: unknown, d: DocumentoPlanejado) => extra(d) }] : []),
  ];
}

export function PainelPlanejamento({ plano }: { plano: PlanejamentoCarga }) {
  const pode = usePode();
  const aberto = plano.status === 1 && pode('planejamento-carga', 'alterar');
  const { message } = App.useApp();
  const qc = useQueryClient();
  // The filters of the free documents live in the URL, as a list's do (shareable, kept on reload and by
  // the back button): a link with them opens the panel with the search already made.
  const [params, setParams] = useSearchParams();
  const definir = (mudancas: Partial<Record<ParamFiltro, string | null>>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(mudancas)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  const uf = params.get(FILTRO.uf) ?? '';
  const regiao = params.get(FILTRO.regiao) ?? undefined;
  const remetente = params.get(FILTRO.remetente) ?? '';
  const dia = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).isValid() ? dayjs(v) : null);
  const de = dia(params.get(FILTRO.de));
  const ate = dia(params.get(FILTRO.ate));
  const periodo: [Dayjs | null, Dayjs | null] | null = de || ate ? [de, ate] : null;
  const [filtros] = Form.useForm();
  const [livres, setLivres] = useState<DocumentoPlanejado[] | null>(null);
  const [escolhidos, setEscolhidos] = useState<string[]>([]);
  const [ocupado, setOcupado] = useState(false);
  const [aMover, setAMover] = useState<string[]>([]);

  async function buscar() {
    setOcupado(true);
    try {
      const r = await apiPost<ListPage<DocumentoPlanejado>>('/planejamento-carga/documentos/filter', {
        destinoUf: uf.trim() || null,
        regiaoDestinoUid: regiao ?? null,
        remetenteDocumento: remetente || null,
        dataInicio: periodo?.[0]?.format('YYYY-MM-DD') ?? null,
        dataFim: periodo?.[1]?.format('YYYY-MM-DD') ?? null,
      });
      setLivres(r.data.data);
      setEscolhidos([]);
    } catch (e) {
      message.error(e instanceof ApiError ? (e.fieldErrors[0]?.message ?? e.message) : 'Falha ao buscar documentos.');
    } finally {
      setOcupado(false);
    }
  }
  const comFiltros = Object.values(FILTRO).some((k) => params.has(k));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per panel opened, with the URL's filters
  useEffect(() => {
    if (aberto && comFiltros) void buscar();
  }, [aberto]);
  async function salvar(docs: DocumentoPlanejado[]) {
    setOcupado(true);
    try {
      await apiPut(`/planejamento-carga/${plano.uid}`, corpo(plano, docs));
      await qc.invalidateQueries({ queryKey: queryKeys.resource('planejamento-carga').all });
      setLivres((l) => l?.filter((d) => !docs.some((x) => x.uid === d.uid)) ?? null);
      setEscolhidos([]);
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : 'Falha ao salvar o planejamento.');
    } finally {
      setOcupado(false);
    }
  }
  const adicionar = () => salvar([...plano.documentos, ...(livres ?? []).filter((d) => escolhidos.includes(d.uid))]);
  const remover = (d: DocumentoPlanejado) => salvar(plano.documentos.filter((x) => x.uid !== d.uid));

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Descriptions size="small" column={4} bordered>
        <Descriptions.Item label="Documentos">{plano.quantidadeDocumentos}</Descriptions.Item>
        <Descriptions.Item label="Peso total">{formatarNumero(plano.pesoTotalKg, 3)} kg</Descriptions.Item>
        <Descriptions.Item label="Volume">{formatarNumero(plano.volumeTotalM3, 3)} m³</Descriptions.Item>
        <Descriptions.Item label="Valor">R$ {formatarDinheiro(plano.valorTotal)}</Descriptions.Item>
        {plano.capacidadeKg !== null && (
          <Descriptions.Item label={`Ocupação (peso) de ${plano.tipoVeiculoNome}`} span={2}>
            <Progress
              percent={Math.min(100, plano.ocupacaoPesoPct ?? 0)}
              format={() => `${formatarNumero(plano.ocupacaoPesoPct ?? 0, 1)} %`}
              status={(plano.ocupacaoPesoPct ?? 0) > 100 ? 'exception' : 'normal'}
            />
          </Descriptions.Item>
        )}
        {plano.capacidadeM3 !== null && (
          <Descriptions.Item label="Ocupação (m³)" span={2}>
            <Progress
              percent={Math.min(100, plano.ocupacaoVolumePct ?? 0)}
              format={() => `${formatarNumero(plano.ocupacaoVolumePct ?? 0, 1)} %`}
              status={(plano.ocupacaoVolumePct ?? 0) > 100 ? 'exception' : 'normal'}
            />
          </Descriptions.Item>
        )}
      </Descriptions>
      {plano.avisos.map((a) => (
        <Alert key={a} type="warning" showIcon message={a} />
      ))}
      {plano.embarqueNumero !== null && <Alert type="success" showIcon message={`Finalizado no embarque nº ${plano.embarqueNumero}.`} />}
      <Table<DocumentoPlanejado>
        rowKey="uid"
        size="small"
        pagination={false}
        dataSource={plano.documentos}
        locale={{ emptyText: 'Nenhum documento no planejamento.' }}
        rowSelection={aberto ? { selectedRowKeys: aMover, onChange: (k) => setAMover(k as string[]) } : undefined}
        columns={colunas(
          aberto
            ? (d) => (
                <Button size="small" danger disabled={ocupado} onClick={() => remover(d)}>
                  Remover
                </Button>
              )
            : undefined,
        )}
      />
      {aberto && aMover.length > 0 && (
        <MoverDocumentos plano={plano} escolhidos={plano.documentos.filter((d) => aMover.includes(d.uid))} aoMover={() => setAMover([])} />
      )}
      <ComparacaoDeCustos plano={plano} />
      {aberto && (
        <>
          <Typography.Text strong>Documentos a planejar</Typography.Text>
          {/* RemoteSelect reads its form's context; this form only carries it (the filters are state). */}
          <Form form={filtros} component={false}>
            <Space wrap>
              <Input
                placeholder="UF de destino"
                value={uf}
                onChange={(e) => definir({ [FILTRO.uf]: e.target.value.toUpperCase() })}
                maxLength={2}
                style={{ width: 130 }}
                aria-label="UF de destino"
              />
              <RemoteSelect
                aria-label="Região de destino"
                placeholder="Região de destino"
                allowClear
                style={{ width: 220 }}
                remote={{ api: '/regioes', query: { ftr_ativo: 'true', ssf: 'nome' }, label: (r) => String(r.nome) }}
                value={regiao}
                onChange={(v) => definir({ [FILTRO.regiao]: (v as string | undefined) ?? null })}
              />
              <CpfCnpjInput
                placeholder="CNPJ/CPF do remetente"
                aria-label="CNPJ/CPF do remetente"
                value={remetente}
                onChange={(v) => definir({ [FILTRO.remetente]: v })}
                style={{ width: 200 }}
              />
              <DatePicker.RangePicker
                format="DD/MM/YYYY"
                value={periodo}
                aria-label="Período"
                onChange={(v) => definir({ [FILTRO.de]: v?.[0]?.format('YYYY-MM-DD') ?? null, [FILTRO.ate]: v?.[1]?.format('YYYY-MM-DD') ?? null })}
              />
              <Button onClick={buscar} loading={ocupado}>
                Buscar documentos
              </Button>
              <Button type="primary" disabled={!escolhidos.length || ocupado} onClick={adicionar}>
                Adicionar ao planejamento ({escolhidos.length})
              </Button>
            </Space>
          </Form>
          {livres && (
            <Table<DocumentoPlanejado>
              rowKey="uid"
              size="small"
              pagination={{ pageSize: 20 }}
              dataSource={livres}
              locale={{ emptyText: 'Nenhum documento livre com estes filtros.' }}
              rowSelection={{ selectedRowKeys: escolhidos, onChange: (k) => setEscolhidos(k as string[]) }}
              columns={colunas()}
            />
          )}
        </>
      )}
    </Space>
  );
}
