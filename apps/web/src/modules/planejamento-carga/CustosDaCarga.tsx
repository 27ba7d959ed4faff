import { type ComparacaoCarga, type PlanejamentoCarga, formatarDinheiro } from '@fretio/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, type ListPage, apiGet, apiPost } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { formatarNumero } from '../produtos/numeros.ts';

// Beside a load plan: the engine's cost of the load in one vehicle against its documents shipped one by
// one (planejamento-carga/{uid}/comparacao), and moving the selected documents to another open plan.

export function ComparacaoDeCustos({ plano }: { plano: PlanejamentoCarga }) {
  const [pedida, setPedida] = useState(false);
  const q = useQuery({
    queryKey: [...queryKeys.resource('planejamento-carga').detail(plano.uid), 'comparacao', plano.atualizadoEm],
    queryFn: async () => (await apiGet<ComparacaoCarga>(`/planejamento-carga/${plano.uid}/comparacao`)).data,
    enabled: pedida,
    retry: false,
  });
  if (!pedida) return <Button onClick={() => setPedida(true)} disabled={!plano.quantidadeDocumentos}>Comparar custos (consolidado × separado)</Button>;
  if (q.isPending) return <Button loading>Calculando…</Button>;
  if (q.isError) return <Alert type="error" showIcon message={q.error instanceof ApiError ? (q.error.fieldErrors[0]?.message ?? q.error.message) : 'Falha ao comparar.'} />;
  const c = q.data;
  // A municipality's name and UF from the plan's documents that go there.
  const cidade = (ibge: string | null) => {
    const d = plano.documentos.find((x) => x.destinoMunicipioIbge === ibge);
    return d?.destinoMunicipio ? `${d.destinoMunicipio}/${d.destinoUf ?? ''}` : (plano.destinoMunicipioNome ?? ibge ?? '—');
  };
  const paradas = c.consolidado?.paradas ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" bordered column={3} title="Consolidado × separado (tabelas vigentes)">
        <Descriptions.Item label="Carga consolidada">
          {c.consolidado ? `R$ ${formatarDinheiro(c.consolidado.total)} — ${c.consolidado.transportadorNome} (${c.consolidado.prazoDiasUteis} dias úteis)` : 'Nenhuma tabela cobre a carga inteira'}
        </Descriptions.Item>
        <Descriptions.Item label="Documentos separados">
          R$ {formatarDinheiro(c.separado.total)}
          {c.separado.semCotacao ? ` (${c.separado.semCotacao} sem cotação)` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Economia">
          {c.economia === null ? '—' : `R$ ${formatarDinheiro(c.economia)}${c.economiaPct === null ? '' : ` (${formatarNumero(c.economiaPct, 1)} %)`}`}
        </Descriptions.Item>
      </Descriptions>
      {paradas.length > 1 && c.consolidado && (
        <Typography.Text type="secondary">
          Uma viagem com {paradas.length} paradas pela mesma tabela; o preço é o da carga inteira até a parada mais cara ({cidade(c.consolidado.destinoMunicipioIbge)}):{' '}
          {paradas.map((p) => `${cidade(p.destinoMunicipioIbge)} ${p.documentos} doc. ${formatarNumero(p.pesoKg, 3)} kg → R$ ${formatarDinheiro(p.total)}`).join('; ')}.
        </Typography.Text>
      )}
      <Table
        rowKey="uid"
        size="small"
        pagination={false}
        dataSource={c.separado.documentos}
        columns={[
          { title: 'Documento', key: 'doc', render: (_: unknown, d: ComparacaoCarga['separado']['documentos'][number]) => `${d.tipo === 'nfe' ? 'NF-e' : 'Pedido'} ${d.numero}` },
          { title: 'Frete sozinho (R$)', dataIndex: 'total', align: 'right' as const, render: (v: number | null) => (v === null ? 'sem cotação' : formatarDinheiro(v)) },
          { title: 'Transportador', dataIndex: 'transportadorNome', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </Space>
  );
}

export function MoverDocumentos({ plano, escolhidos, aoMover }: { plano: PlanejamentoCarga; escolhidos: { tipo: 'nfe' | 'pedido'; uid: string }[]; aoMover: () => void }) {
  const [destino, setDestino] = useState<string>();
  const [ocupado, setOcupado] = useState(false);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const abertos = useQuery({
    queryKey: [...queryKeys.resource('planejamento-carga').list({ ftr_status: 1 }), 'destinos'],
    queryFn: async () => (await apiGet<ListPage<PlanejamentoCarga>>('/planejamento-carga', { ftr_status: 1, pps: 200, ssf: 'numero', sso: 'DESC' })).data.data,
  });
  async function mover() {
    setOcupado(true);
    try {
      await apiPost(`/planejamento-carga/${plano.uid}/mover`, {
        destinoUid: destino,
        documentos: escolhidos.map((d) => (d.tipo === 'nfe' ? { nfeUid: d.uid } : { pedidoUid: d.uid })),
      });
      message.success(`${escolhidos.length} documento(s) movido(s).`);
      await qc.invalidateQueries({ queryKey: queryKeys.resource('planejamento-carga').all });
      aoMover();
    } catch (e) {
      message.error(e instanceof ApiError ? (e.fieldErrors[0]?.message ?? e.message) : 'Falha ao mover os documentos.');
    } finally {
      setOcupado(false);
    }
  }
  const opcoes = (abertos.data ?? []).filter((p) => p.uid !== plano.uid).map((p) => ({ value: p.uid, label: `nº ${p.numero} — ${p.descricao} (${formatarNumero(p.pesoTotalKg, 3)} kg)` }));
  return (
    <Space wrap>
      <Typography.Text>Mover os {escolhidos.length} documento(s) escolhido(s) para</Typography.Text>
      <Select aria-label="Planejamento de destino" style={{ minWidth: 320 }} placeholder="outro planejamento aberto" value={destino} onChange={setDestino} options={opcoes} loading={abertos.isFetching} />
      <Button disabled={!destino || !escolhidos.length || ocupado} loading={ocupado} onClick={mover}>
        Mover
      </Button>
    </Space>
  );
}
