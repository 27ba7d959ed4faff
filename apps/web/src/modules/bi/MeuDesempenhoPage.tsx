import { type FiltroBi, formatarDinheiro } from '@fretio/core';
import { Alert, DatePicker, Form, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatarPercentual } from './componentes.tsx';
import { useDataset } from './hooks.ts';

// The carrier's own scorecard (GET bi/transportadora/meu-desempenho): a carrier user sees, for each shipper
// that works with its carrier, the same indicators the shipper's scorecard shows of it — and nothing else.

type Linha = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? '—' : Number(v).toLocaleString('pt-BR', { maximumFractionDigits: 2 }));
const din = (v: unknown) => (v === null || v === undefined ? '—' : formatarDinheiro(v as string));
const pct = (v: unknown) => formatarPercentual(v as number | null);

const COLUNAS: [campo: string, titulo: string, f?: (v: unknown) => string][] = [
  ['embarcadorNome', 'Embarcador'],
  ['entregas', 'Entregas', num],
  ['percentualNoPrazo', '% no prazo', pct],
  ['atrasoMedioDias', 'Atraso médio (dias)', num],
  ['precisaoFaturamento', 'CT-e sem divergência', pct],
  ['divergenciaTotal', 'Divergência (R$)', din],
  ['fretePorKg', 'Frete/kg (R$)', (v) => (v == null ? '—' : formatarDinheiro(v as string, 4))],
  ['taxaResposta', 'Resposta a cotações', pct],
  ['taxaVitoria', 'Cotações vencidas', pct],
  ['ocorrenciasPor100', 'Ocorrências/100 entregas', num],
];

export function MeuDesempenhoPage() {
  const [filtro, setFiltro] = useState<FiltroBi>({});
  const q = useDataset<Linha[]>('bi/transportadora/meu-desempenho', 'GET', filtro);
  return (
    <div>
      <Typography.Title level={3}>Meu desempenho</Typography.Title>
      <Typography.Paragraph type="secondary">
        Os indicadores da sua transportadora em cada embarcador que trabalha com ela: entregas no prazo, precisão do faturamento, cotações e ocorrências.
      </Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 16 }} aria-label="Filtros">
        <Form.Item label="Período">
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            allowEmpty={[true, true]}
            aria-label="Período"
            onChange={(d: [Dayjs | null, Dayjs | null] | null) =>
              setFiltro({ dataInicio: d?.[0]?.format('YYYY-MM-DD') || undefined, dataFim: d?.[1]?.format('YYYY-MM-DD') || undefined })
            }
          />
        </Form.Item>
      </Form>
      {q.isError ? (
        <Alert type="error" showIcon title="Não foi possível carregar os indicadores." description={q.error.message} />
      ) : (
        <Table<Linha>
          data-testid="meu-desempenho"
          size="small"
          loading={q.isFetching}
          rowKey={(l) => String(l.embarcadorUid)}
          pagination={false}
          scroll={{ x: true }}
          dataSource={q.data ?? []}
          locale={{ emptyText: 'Nenhum embarcador trabalha com a sua transportadora.' }}
          columns={COLUNAS.map(([campo, title, f]) => ({ title, dataIndex: campo, key: campo, render: (v: unknown) => (f ? f(v) : String(v ?? '')) }))}
        />
      )}
    </div>
  );
}
