import { Spin } from 'antd';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

// One chart of Apache ECharts (loaded on first use: ./echarts.ts is a chunk of its own). The option is the
// caller's; this adds the toolbox button that saves the chart as a PNG and the aria description, resizes
// with its box, and calls `aoClicar` with the clicked item's index (bar, point) — the list behind it.

/** The generated description in pt-BR (ECharts ships English/Chinese texts by default). */
const ARIA = (rotulo: string) => ({
  general: { withTitle: `Gráfico "${rotulo}".`, withoutTitle: `Gráfico "${rotulo}".` },
  series: { maxCount: 3, single: { prefix: '', withName: ' Série {seriesName}.', withoutName: '' }, multiple: { prefix: ' {seriesCount} séries.', withName: ' Série {seriesName}.', withoutName: '', separator: { middle: '', end: '' } } },
  data: { maxCount: 24, allData: ' Dados: ', partialData: ' Primeiros {displayCnt} itens: ', withName: '{name}: {value}', withoutName: '{value}', separator: { middle: '; ', end: '.' } },
});

export type CliqueGrafico = { dataIndex: number; name: string };

export function Grafico({ opcao, aoClicar, nomeArquivo, rotulo, altura = 240, testId }: {
  opcao: EChartsCoreOption;
  aoClicar?: (p: CliqueGrafico) => void;
  /** File name of the PNG (without extension). */
  nomeArquivo: string;
  /** Accessible name of the chart (ECharts adds the generated description of its data). */
  rotulo: string;
  altura?: number;
  testId?: string;
}) {
  const caixa = useRef<HTMLDivElement>(null);
  const [grafico, setGrafico] = useState<ECharts | null>(null);
  const clique = useRef(aoClicar);
  clique.current = aoClicar;

  useEffect(() => {
    let ativo = true;
    let instancia: ECharts | null = null;
    let observador: ResizeObserver | null = null;
    import('./echarts.ts').then(({ echarts }) => {
      if (!ativo || !caixa.current) return;
      instancia = echarts.init(caixa.current, undefined, { renderer: 'canvas' });
      instancia.on('click', (p) => clique.current?.({ dataIndex: p.dataIndex, name: p.name }));
      observador = new ResizeObserver(() => instancia?.resize());
      observador.observe(caixa.current);
      setGrafico(instancia);
    });
    return () => {
      ativo = false;
      observador?.disconnect();
      instancia?.dispose();
    };
  }, []);

  useEffect(() => {
    grafico?.setOption(
      {
        aria: { enabled: true, label: ARIA(rotulo) },
        toolbox: { right: 8, top: 0, feature: { saveAsImage: { title: 'Salvar como PNG', name: nomeArquivo, type: 'png', pixelRatio: 2 } } },
        ...opcao,
      },
      true,
    );
  }, [grafico, opcao, nomeArquivo, rotulo]);

  return (
    <Spin spinning={!grafico}>
      <div ref={caixa} role="img" aria-label={rotulo} data-testid={testId} data-pronto={grafico ? 'sim' : undefined} style={{ width: '100%', height: altura }} />
    </Spin>
  );
}
