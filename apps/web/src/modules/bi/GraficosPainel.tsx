import { type Dashboard, type FiltroBi, formatarDinheiro } from '@fretio/core';
import { FileExcelOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { formatarPercentual, mesCurto } from './componentes.tsx';
import { Grafico } from './Grafico.tsx';
import { useDataset } from './hooks.ts';

// The dashboard's three charts (Apache ECharts, loaded with the first of them): freight cost per month
// (the CT-e card's months), % delivered on time per month (bi-test/performancemensalnf) and occurrences by
// kind (bi/tracking); each card's XLSX button downloads the chart's data. A bar or point opens the list behind it with the dashboard's filters, narrowed to
// that month or that kind.

type MesNoPrazo = { mes: string; notas: number; noPrazo: number; comAtraso: number; atrasadas: number; percentualNoPrazo: number | null };
type PorOcorrencia = { ocorrencia: string; ocorrenciaUid: string | null; quantidade: number };

const fimDoMes = (mes: string) => {
  const [a, m] = mes.split('-').map(Number);
  return `${mes}-${String(new Date(Date.UTC(a, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** The month clipped to the dashboard's period (a period starting mid-month keeps its first day). */
export function periodoDoMes(mes: string, f: FiltroBi) {
  const inicio = `${mes}-01`;
  const fim = fimDoMes(mes);
  return { dataInicio: f.dataInicio && f.dataInicio > inicio ? f.dataInicio : inicio, dataFim: f.dataFim && f.dataFim < fim ? f.dataFim : fim };
}

const moeda = (v: unknown) => `R$ ${formatarDinheiro(Number(v).toFixed(2))}`;
const compacto = (v: number) => (Math.abs(v) >= 1_000_000 ? `${formatarDinheiro(v / 1_000_000, 1)} mi` : Math.abs(v) >= 1_000 ? `${formatarDinheiro(v / 1_000, 1)} mil` : String(v));
const GRADE = { left: 8, right: 16, top: 36, bottom: 8, containLabel: true };

export function GraficosPainel({ filtro, d }: { filtro: FiltroBi; d: Dashboard }) {
  const navigate = useNavigate();
  const noPrazo = useDataset<MesNoPrazo[]>('bi-test/performancemensalnf', 'GET', filtro);
  const tracking = useDataset<{ ocorrencias: PorOcorrencia[] }>('bi/tracking', 'POST', filtro);
  const extra = (f: Record<string, string | undefined>) => Object.entries(f).filter(([, v]) => v).map(([k, v]) => `&${k}=${encodeURIComponent(v as string)}`).join('');
  const relatorio = (nome: string, mes: string) => {
    const p = periodoDoMes(mes, filtro);
    navigate(`/relatorios?relatorio=${nome}${extra({ ...p, transportadorUid: filtro.transportadorUid, uf: filtro.uf })}`);
  };

  const frete = d.conhecimentos.data;
  const opcaoFrete = useMemo(() => ({
    grid: GRADE,
    tooltip: { trigger: 'axis', valueFormatter: moeda },
    xAxis: { type: 'category', data: frete.map((m) => mesCurto(m.mes)) },
    yAxis: { type: 'value', axisLabel: { formatter: compacto } },
    series: [{ type: 'bar', name: 'Frete (R$)', data: frete.map((m) => Number(m.valor ?? 0)), itemStyle: { color: '#1677ff' }, barMaxWidth: 40 }],
  }), [frete]);

  const meses = noPrazo.data ?? [];
  const opcaoNoPrazo = useMemo(() => ({
    grid: GRADE,
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => formatarPercentual(v as number | null) },
    xAxis: { type: 'category', data: meses.map((m) => mesCurto(m.mes)) },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
    series: [{ type: 'line', name: '% no prazo', data: meses.map((m) => m.percentualNoPrazo), itemStyle: { color: '#237804' }, symbolSize: 10, connectNulls: true }],
  }), [meses]);

  const ocorrencias = tracking.data?.ocorrencias ?? [];
  const opcaoOcorrencias = useMemo(() => ({
    grid: { ...GRADE, right: 24 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1, splitNumber: 3, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'category', inverse: true, data: ocorrencias.map((o) => o.ocorrencia), axisLabel: { width: 160, overflow: 'truncate' } },
    series: [{ type: 'bar', name: 'Eventos', data: ocorrencias.map((o) => o.quantidade), itemStyle: { color: '#d46b08' }, barMaxWidth: 24 }],
  }), [ocorrencias]);

  const eventos = (i: number) => {
    const o = ocorrencias[i];
    if (!o) return;
    const periodo = extra({ dataInicioFiltro: filtro.dataInicio, dataFimFiltro: filtro.dataFim, ftr_transportadorUid: filtro.transportadorUid });
    navigate(o.ocorrenciaUid ? `/eventos-ocorrencia?ftr_ocorrenciaUid=${o.ocorrenciaUid}${periodo}` : `/eventos-ocorrencia?filtro=P${periodo}`);
  };

  // The chart's data as XLSX (GET bi/graficos/{grafico}/xlsx with the dashboard's filters): a plain link, the session's cookie goes along.
  const consulta = new URLSearchParams(Object.entries(filtro).filter(([, v]) => v) as [string, string][]).toString();
  const xlsx = (grafico: string, titulo: string) => (
    <Tooltip title="Baixar os dados (XLSX)">
      <Button size="small" type="text" icon={<FileExcelOutlined />} aria-label={`Baixar os dados de "${titulo}" (XLSX)`}
        href={`/api/v1/bi/graficos/${grafico}/xlsx${consulta ? `?${consulta}` : ''}`} download={`${grafico}.xlsx`} data-testid={`xlsx-${grafico}`} />
    </Tooltip>
  );

  const vazio = <div style={{ color: 'rgba(0,0,0,.45)', padding: '24px 0' }}>Sem dados no período.</div>;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} xl={8}>
        <Card size="small" title="Custo do frete por mês (CT-e)" extra={xlsx('frete-por-mes', 'Custo do frete por mês')}>
          {frete.length ? <Grafico testId="grafico-frete" rotulo="Custo do frete por mês" nomeArquivo="frete-por-mes" opcao={opcaoFrete} aoClicar={(p) => frete[p.dataIndex] && relatorio('relatorio-frete', frete[p.dataIndex].mes)} /> : vazio}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title="Entregas no prazo por mês" extra={xlsx('entregas-no-prazo', 'Entregas no prazo por mês')}>
          {noPrazo.isError ? <Alert type="error" showIcon title="Não foi possível carregar." /> : meses.length ? (
            <Grafico testId="grafico-no-prazo" rotulo="Percentual de entregas no prazo por mês" nomeArquivo="entregas-no-prazo" opcao={opcaoNoPrazo} aoClicar={(p) => meses[p.dataIndex] && relatorio('acompanhamento-entregas', meses[p.dataIndex].mes)} />
          ) : vazio}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title="Ocorrências por tipo" extra={xlsx('ocorrencias-por-tipo', 'Ocorrências por tipo')}>
          {tracking.isError ? <Alert type="error" showIcon title="Não foi possível carregar." /> : ocorrencias.length ? (
            <Grafico testId="grafico-ocorrencias" rotulo="Eventos de ocorrência por tipo" nomeArquivo="ocorrencias-por-tipo" opcao={opcaoOcorrencias} aoClicar={(p) => eventos(p.dataIndex)} />
          ) : vazio}
        </Card>
      </Col>
    </Row>
  );
}
