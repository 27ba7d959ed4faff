import { formatarData, formatarDinheiro, type saldosTransportador, type z } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// A carrier user's position with every shipper that works with its carrier (GET fatura/transportador/saldos):
// released pre-invoices, invoices to receive (open and validated), paid, and the running balance — one row
// per shipper and the totals. Only the carrier's own records: the server holds every sum to it.

type Saldos = z.infer<typeof saldosTransportador>;
type Linha = Saldos['embarcadores'][number];
const din = (v: number) => `R$ ${formatarDinheiro(v)}`;
const qtdValor = (q: number, v: number) => (q ? `${q} · ${din(v)}` : '—');

export function SaldosTransportadorPage() {
  const q = useQuery({
    queryKey: [...queryKeys.resource('fatura').all, 'saldos-transportador'],
    queryFn: async () => (await apiGet<Saldos>('/fatura/transportador/saldos')).data,
  });
  const t = q.data?.totais;
  return (
    <div>
      <Typography.Title level={3}>Saldos por embarcador</Typography.Title>
      <Typography.Paragraph type="secondary">
        O que cada embarcador deve a {q.data?.transportadorNome ?? 'sua transportadora'}: pré-faturas liberadas, faturas abertas e validadas
        (a receber) e pagas; a conta corrente positiva é o que será descontado nas próximas faturas.
      </Typography.Paragraph>
      {q.isError && <Alert type="error" title={(q.error as Error).message} style={{ marginBottom: 16 }} />}
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} md={6}><Card size="small"><Statistic title="A receber (faturas abertas e validadas)" value={formatarDinheiro(t?.aReceber ?? 0)} prefix="R$" loading={q.isLoading} data-testid="saldos-a-receber" /></Card></Col>
        <Col xs={24} md={6}><Card size="small"><Statistic title="Pré-faturas liberadas" value={formatarDinheiro(t?.valorPreFaturas ?? 0)} prefix="R$" loading={q.isLoading} /></Card></Col>
        <Col xs={24} md={6}><Card size="small"><Statistic title="Pago" value={formatarDinheiro(t?.valorPago ?? 0)} prefix="R$" loading={q.isLoading} /></Card></Col>
        <Col xs={24} md={6}><Card size="small"><Statistic title="Conta corrente (a descontar)" value={formatarDinheiro(t?.saldoContaCorrente ?? 0)} prefix="R$" loading={q.isLoading} /></Card></Col>
      </Row>
      <Table<Linha>
        size="small"
        rowKey="embarcadorUid"
        loading={q.isLoading}
        dataSource={q.data?.embarcadores ?? []}
        pagination={false}
        scroll={{ x: 1000 }}
        columns={[
          { title: 'Embarcador', dataIndex: 'embarcadorNome' },
          { title: 'Pré-faturas liberadas', render: (_v, r) => qtdValor(r.preFaturasLiberadas, r.valorPreFaturas), align: 'right' },
          { title: 'Faturas abertas', render: (_v, r) => qtdValor(r.faturasAbertas, r.valorAbertas), align: 'right' },
          { title: 'Faturas validadas', render: (_v, r) => qtdValor(r.faturasValidadas, r.valorValidadas), align: 'right' },
          { title: 'Próximo vencimento', dataIndex: 'proximoVencimento', render: (v: string | null) => (v ? formatarData(v) : '—'), width: 120 },
          { title: 'Pagas', render: (_v, r) => qtdValor(r.faturasPagas, r.valorPago), align: 'right' },
          { title: 'Conta corrente', dataIndex: 'saldoContaCorrente', render: din, align: 'right' },
          { title: 'A receber', dataIndex: 'aReceber', render: (v: number) => <strong>{din(v)}</strong>, align: 'right' },
        ]}
        summary={() => t && (q.data?.embarcadores.length ?? 0) > 1 ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}><strong>Total</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">{qtdValor(t.preFaturasLiberadas, t.valorPreFaturas)}</Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">{qtdValor(t.faturasAbertas, t.valorAbertas)}</Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">{qtdValor(t.faturasValidadas, t.valorValidadas)}</Table.Summary.Cell>
            <Table.Summary.Cell index={4} />
            <Table.Summary.Cell index={5} align="right">{qtdValor(t.faturasPagas, t.valorPago)}</Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">{din(t.saldoContaCorrente)}</Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right"><strong>{din(t.aReceber)}</strong></Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null}
      />
    </div>
  );
}
