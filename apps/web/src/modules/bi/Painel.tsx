import { type CartaoDashboard, type FiltroBi, type IndicadorDashboard, formatarDinheiro } from '@fretio/core';
import { Alert, Card, Col, Row, Segmented, Spin, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BarraFiltros, Barras, formatarPercentual, mesCurto } from './componentes.tsx';
import { GraficosPainel, periodoDoMes } from './GraficosPainel.tsx';
import { useDashboard } from './hooks.ts';

// The shipper's home dashboard (GET dashboard): four cards with their monthly bars, three charts
// (GraficosPainel) and the on-time indicators per carrier and per region. A month bar opens the report
// behind it, filtered to that month.

const CARTOES: { chave: 'contaFrete' | 'conhecimentos' | 'notasFiscais' | 'divergencias'; titulo: string; perc: string; relatorio: string }[] = [
  { chave: 'conhecimentos', titulo: 'CT-e (frete)', perc: 'do valor da mercadoria', relatorio: 'relatorio-frete' },
  { chave: 'notasFiscais', titulo: 'NF-e', perc: 'entregues no prazo', relatorio: 'acompanhamento-entregas' },
  { chave: 'divergencias', titulo: 'Divergências de auditoria', perc: 'dos CT-e auditados', relatorio: 'auditoria' },
  { chave: 'contaFrete', titulo: 'Contas de frete (faturas)', perc: 'pagas', relatorio: 'auditoria' },
];

// Millions of reais fit in a quarter of a 1366 px screen on one line.
const NUMERO_DO_CARTAO = { fontSize: 20, whiteSpace: 'nowrap' } as const;

function Cartao({ titulo, perc, c, aoClicarMes }: { titulo: string; perc: string; c: CartaoDashboard; aoClicarMes: (mes: string) => void }) {
  const ultimos = c.data.slice(-6);
  return (
    <Card size="small" title={titulo} data-testid={`cartao-${titulo}`}>
      <Row gutter={8}>
        <Col span={9}><Statistic title="Quantidade" value={c.qtde} styles={{ content: NUMERO_DO_CARTAO }} formatter={(v) => Number(v).toLocaleString('pt-BR')} /></Col>
        <Col span={15}>{c.valor !== null && <Statistic title="Valor" prefix="R$" value={c.valor} styles={{ content: NUMERO_DO_CARTAO }} formatter={() => formatarDinheiro(c.valor)} />}</Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0' }}>{formatarPercentual(c.perc)} {perc}</Typography.Paragraph>
      <Barras itens={ultimos.map((m) => ({ rotulo: mesCurto(m.mes), valor: m.valor !== null ? Number(m.valor) : m.qtde, texto: m.valor !== null ? formatarDinheiro(m.valor) : String(m.qtde), titulo: `${m.qtde} no mês`, aoClicar: () => aoClicarMes(m.mes) }))} />
    </Card>
  );
}

const colunasIndicador = [
  { title: 'Nome', dataIndex: 'nome' },
  { title: 'Entregas', dataIndex: 'entregas', align: 'right' as const },
  { title: 'No prazo', dataIndex: 'noPrazo', align: 'right' as const },
  { title: '% no prazo', dataIndex: 'percentual', align: 'right' as const, render: (v: number | null) => formatarPercentual(v) },
  { title: 'Frete (R$)', dataIndex: 'valorFrete', align: 'right' as const, render: (v: string) => formatarDinheiro(v) },
];

const JANELAS = [{ value: 'total', label: 'Período' }, { value: 'ano', label: 'Ano' }, { value: 'semana', label: '7 dias' }, { value: 'hoje', label: 'Hoje' }] as const;

export function Painel() {
  const [filtro, setFiltro] = useState<FiltroBi>({});
  const [janela, setJanela] = useState<(typeof JANELAS)[number]['value']>('total');
  const painel = useDashboard(filtro);
  const navigate = useNavigate();
  const abrir = (relatorio: string, mes: string) => {
    const p = periodoDoMes(mes, filtro);
    navigate(`/relatorios?relatorio=${relatorio}&dataInicio=${p.dataInicio}&dataFim=${p.dataFim}`);
  };
  const d = painel.data;
  return (
    <section aria-label="Painel" style={{ marginBottom: 24 }}>
      <BarraFiltros valor={filtro} aoFiltrar={setFiltro} />
      {painel.isError && <Alert type="error" showIcon title="Não foi possível carregar o painel." description={painel.error.message} />}
      <Spin spinning={painel.isFetching}>
        {d && (
          <>
            <Row gutter={[16, 16]}>
              {CARTOES.map((c) => (
                <Col key={c.chave} xs={24} md={12} xl={6}>
                  <Cartao titulo={c.titulo} perc={c.perc} c={d[c.chave]} aoClicarMes={(mes) => abrir(c.relatorio, mes)} />
                </Col>
              ))}
            </Row>
            <GraficosPainel filtro={filtro} d={d} />
            <div style={{ margin: '16px 0 8px' }}>
              <Segmented options={JANELAS.map((j) => ({ ...j }))} value={janela} onChange={(v) => setJanela(v as typeof janela)} aria-label="Janela dos indicadores" />
            </div>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}>
                <Card size="small" title="Entregas no prazo por transportador">
                  <Table<IndicadorDashboard> size="small" rowKey="id" pagination={false} columns={colunasIndicador} dataSource={d.indicadoresTransportadoras[janela]} />
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card size="small" title="Entregas no prazo por região de destino">
                  <Barras itens={d.indicadoresRegiao[janela].map((r) => ({ rotulo: r.nome, valor: r.percentual ?? 0, texto: formatarPercentual(r.percentual), titulo: `${r.noPrazo} de ${r.entregas} no prazo; frete R$ ${formatarDinheiro(r.valorFrete)}` }))} cor="#52c41a" />
                </Card>
              </Col>
            </Row>
          </>
        )}
      </Spin>
    </section>
  );
}
