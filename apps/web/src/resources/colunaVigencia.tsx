import { Space } from 'antd';
import { DateText } from './fields/DateText.tsx';
import type { ColumnDef, Registro } from './types.ts';

/** The "Vigência" column of dated records: "01/01/2026 a 31/12/2026", or "desde 01/01/2026" when open-ended;
 * sorted and filtered by the start date. Kept apart from cells.tsx so a resource declaration stays light. */
export function colunaVigencia<T extends Registro>(): ColumnDef<T> {
  return {
    field: 'vigenciaInicio',
    title: 'Vigência',
    sortable: true,
    filter: 'dateRange',
    width: 230,
    render: (v, r) => (
      <Space size={4}>
        {r.vigenciaFim ? (
          <>
            <DateText value={String(v)} /> a <DateText value={String(r.vigenciaFim)} />
          </>
        ) : (
          <>
            desde <DateText value={String(v)} />
          </>
        )}
      </Space>
    ),
  };
}
