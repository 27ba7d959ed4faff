import { type FiltroBi, formatarDinheiro } from '@fretio/core';
import { Alert, Card, Col, Row, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { BarraFiltros, Barras, formatarPercentual, mesCurto } from './componentes.tsx';
import { useDataset } from './hooks.ts';

// BI: the carrier scorecard (bi/transportadora), freight spend (bi/frete) and the indicator datasets
// (bi-test/*), each as a table with bars where a chart helps. Formulas are the server's (OpenAPI).

type Linha = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? '—' : Number(v).toLocaleString('pt-BR', { maximumFractionDigits: 2 }));
const din = (v: unknown) => (v === null || v === undefined ? '—' : formatarDinheiro(v as string));
const pct = (v: unknown) => formatarPercentual(v as number | null);

type Coluna = [campo: string, titulo: string, f?: (v: unknown) => string];

function TabelaDataset({ caminho, metodo = 'GET', filtro, colunas, barra }: { caminho: string; metodo?: 'GET' | 'POST'; filtro: FiltroBi; colunas: Coluna[]; barra?: { rotulo: string; valor: string; f: (v: unknown) => string } }) {
  const q = useDataset<Linha[]>(caminho, metodo, filtro);
  if (q.isError) return <Alert type="error" showIcon title="Não foi possível carregar os dados." description={q.error.message} />;
  const linhas = q.data ?? [];
  return (
    <Row gutter={16}>
      <Col xs={24} xl={barra ? 14 : 24}>
        <Table<Linha> size="small" loading={q.isFetching} rowKey={(_, i) => String(i)} pagination={false} scroll={{ x: true }} dataSource={linhas}
          columns={colunas.map(([campo, title, f]) => ({ title, dataIndex: campo, key: campo, render: (v: unknown) => (f ? f(v) : String(v ?? '')) }))} />
      </Col>
      {barra && (
        <Col xs={24} xl={10}>
          <Barras itens={linhas.map((l) => ({ rotulo: barra.rotulo === 'mes' ? mesCurto(String(l.mes)) : String(l[barra.rotulo] ?? '—'), valor: Number(l[barra.valor] ?? 0), texto: barra.f(l[barra.valor]) }))} />
        </Col>
      )}
    </Row>
  );
}

function Frete({ filtro }: { filtro: FiltroBi }) {
  const q = useDataset<{ porMes: Linha[]; porTransportador: Linha[]; porUf: Linha[]; total: Linha }>('bi/frete', 'POST', filtro);
  const d = q.data;
  const barras = (l: Linha[], rotulo: (x: Linha) => string) => l.map((x) => ({ rotulo: rotulo(x), valor: Number(x.valorFrete), texto: din(x.valorFrete), titulo: `${pct(x.percentualFrete)} da mercadoria` }));
  return (
    <div>
      {d && <Typography.Paragraph>Total: R$ {din(d.total.valorFrete)} em {num(d.total.ctes)} CT-e — {pct(d.total.percentualFrete)} do valor da mercadoria.</Typography.Paragraph>}
      <Row gutter={16}>
        <Col xs={24} lg={8}><Card size="small" title="Por mês"><Barras itens={barras(d?.porMes ?? [], (x) => mesCurto(String(x.mes)))} /></Card></Col>
        <Col xs={24} lg={8}><Card size="small" title="Por transportador"><Barras itens={barras(d?.porTransportador ?? [], (x) => String(x.nome ?? '—'))} /></Card></Col>
        <Col xs={24} lg={8}><Card size="small" title="Por UF de destino"><Barras itens={barras(d?.porUf ?? [], (x) => String(x.uf ?? '—'))} /></Card></Col>
      </Row>
    </div>
  );
}

export function BiPage() {
  const [filtro, setFiltro] = useState<FiltroBi>({});
  const abas = [
    { key: 'scorecard', label: 'Scorecard dos transportadores', children: (
      <TabelaDataset caminho="bi/transportadora" metodo="POST" filtro={filtro} barra={{ rotulo: 'transportador', valor: 'percentualNoPrazo', f: pct }} colunas={[
        ['transportador', 'Transportador'], ['entregas', 'Entregas', num], ['percentualNoPrazo', '% no prazo', pct], ['atrasoMedioDias', 'Atraso médio (dias)', num],
        ['precisaoFaturamento', 'CT-e sem divergência', pct], ['divergenciaTotal', 'Divergência (R$)', din], ['fretePorKg', 'Frete/kg (R$)', (v) => (v == null ? '—' : formatarDinheiro(v as string, 4))],
        ['taxaResposta', 'Resposta a cotações', pct], ['taxaVitoria', 'Cotações vencidas', pct], ['ocorrenciasPor100', 'Ocorrências/100 entregas', num],
      ]} />
    ) },
    { key: 'frete', label: 'Gasto com frete', children: <Frete filtro={filtro} /> },
    { key: 'sla', label: 'SLA', children: (
      <TabelaDataset caminho="bi-test/slatransportadoras" filtro={filtro} barra={{ rotulo: 'transportador', valor: 'percentualNoPrazo', f: pct }}
        colunas={[['transportador', 'Transportador'], ['entregas', 'Entregas', num], ['noPrazo', 'No prazo', num], ['percentualNoPrazo', '% no prazo', pct], ['atrasoMedioDias', 'Atraso médio (dias)', num]]} />
    ) },
    { key: 'mensal', label: 'Desempenho mensal', children: (
      <TabelaDataset caminho="bi-test/performancemensalnf" filtro={filtro} barra={{ rotulo: 'mes', valor: 'percentualNoPrazo', f: pct }}
        colunas={[['mes', 'Mês', (v) => mesCurto(String(v))], ['notas', 'NF-e', num], ['noPrazo', 'No prazo', num], ['comAtraso', 'Com atraso', num], ['atrasadas', 'Atrasadas', num], ['percentualNoPrazo', '% no prazo', pct]]} />
    ) },
    { key: 'uf', label: 'Entrega por UF', children: (
      <TabelaDataset caminho="bi-test/tmentregaporuf" filtro={filtro} barra={{ rotulo: 'uf', valor: 'mediaDias', f: num }} colunas={[['uf', 'UF'], ['quantidade', 'Entregas', num], ['mediaDias', 'Dias (média)', num]]} />
    ) },
    { key: 'ciclo', label: 'Ciclo do pedido', children: (
      <TabelaDataset caminho="bi-test/tmciclopedido" filtro={filtro} barra={{ rotulo: 'mes', valor: 'mediaDias', f: num }} colunas={[['mes', 'Mês', (v) => mesCurto(String(v))], ['quantidade', 'Entregas', num], ['mediaDias', 'Dias (média)', num]]} />
    ) },
    { key: 'captacao', label: 'Entrega × captação', children: (
      <TabelaDataset caminho="bi-test/performanceentregacaptacao" filtro={filtro} barra={{ rotulo: 'mes', valor: 'percentual', f: pct }} colunas={[['mes', 'Mês', (v) => mesCurto(String(v))], ['emitidas', 'Emitidas', num], ['entregues', 'Entregues', num], ['percentual', '% entregue', pct]]} />
    ) },
    { key: 'efetividade', label: 'Efetividade', children: (
      <TabelaDataset caminho="bi-test/efetividadeentregatransportador" filtro={filtro} barra={{ rotulo: 'transportador', valor: 'efetividade', f: pct }}
        colunas={[['transportador', 'Transportador'], ['entregues', 'Entregues', num], ['primeiraTentativa', '1ª tentativa', num], ['comTentativas', 'Com tentativas', num], ['efetividade', 'Efetividade', pct]]} />
    ) },
    { key: 'aprovacao', label: 'Auditoria mensal', children: (
      <TabelaDataset caminho="bi-test/performancemensalaprovacao" filtro={filtro} barra={{ rotulo: 'mes', valor: 'percentualAprovadas', f: pct }}
        colunas={[['mes', 'Mês', (v) => mesCurto(String(v))], ['auditadas', 'Auditadas', num], ['aprovadas', 'Aprovadas', num], ['divergentes', 'Divergentes', num], ['aceitas', 'Aceitas', num], ['percentualAprovadas', '% aprovadas', pct]]} />
    ) },
    { key: 'pagamento', label: 'Ciclo de pagamento', children: (
      <TabelaDataset caminho="bi-test/tmciclopedidoplanopagto" filtro={filtro} colunas={[['condicaoPagamento', 'Condição de pagamento'], ['quantidade', 'CT-e', num], ['mediaDias', 'Dias (média)', num], ['valor', 'Valor (R$)', din]]} />
    ) },
    { key: 'cotacoes', label: 'Cotações', children: (
      <TabelaDataset caminho="bi/cotacoes" metodo="POST" filtro={filtro} barra={{ rotulo: 'mes', valor: 'taxaResposta', f: pct }}
        colunas={[['mes', 'Mês', (v) => mesCurto(String(v))], ['cotacoes', 'Cotações', num], ['convites', 'Convites', num], ['respostas', 'Respostas', num], ['taxaResposta', 'Taxa de resposta', pct], ['finalizadas', 'Finalizadas', num], ['valorAprovado', 'Aprovado (R$)', din], ['valorAlvo', 'Alvo (R$)', din]]} />
    ) },
  ];
  return (
    <div>
      <Typography.Title level={3}>Indicadores (BI)</Typography.Title>
      <BarraFiltros valor={filtro} aoFiltrar={setFiltro} />
      <Tabs items={abas} destroyOnHidden />
    </div>
  );
}
