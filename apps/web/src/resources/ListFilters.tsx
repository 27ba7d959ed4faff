import { ClearOutlined, CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { STATUS, somenteDigitos } from '@fretio/core';
import { Button, DatePicker, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import type { ColumnDef } from './types.ts';

// antd's own icon buttons are named by their icon ("search", "close-circle"): named in pt-BR here.
const LIMPAR = { clearIcon: <CloseCircleFilled aria-label="Limpar" /> };
const buscar = (titulo: string) => <Button aria-label={`Buscar por ${minusculas(titulo)}`} icon={<SearchOutlined aria-hidden />} />;

// The filter bar of a list: one input per filterable column, applied to the URL (ftr_<field>).
type Props = {
  columns: ColumnDef[];
  values: Record<string, string>;
  onChange: (filters: Record<string, string | null>) => void;
};

const paramOf = (c: ColumnDef) => `ftr_${c.filterField ?? c.field}`;
/** The URL parameters a filter sets: a date range sets two. */
const paramsOf = (c: ColumnDef) => (c.filter === 'dateRange' ? [`${paramOf(c)}De`, `${paramOf(c)}Ate`] : [paramOf(c)]);
/** 'Razão social' → 'razão social', but acronyms (CNPJ, UF) stay as they are. */
export const minusculas = (t: string) =>
  t
    .split(' ')
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ');
const isDigits = (c: ColumnDef) => c.kind === 'documento' || c.kind === 'cep';
/** A select filter's options: declared, or the statuses of a status column. */
const optionsOf = (c: ColumnDef) =>
  c.filterOptions ?? (c.statusKey ? STATUS[c.statusKey].values.map((s) => ({ value: s.value, label: s.label })) : []);

export function ListFilters({ columns, values, onChange }: Props) {
  const filtraveis = columns.filter((c) => c.filter);
  if (!filtraveis.length) return null;
  const algum = filtraveis.some((c) => paramsOf(c).some((p) => values[p]));
  return (
    <Space wrap style={{ marginBottom: 16 }} aria-label="Filtros">
      {filtraveis.map((c) => {
        const param = paramOf(c);
        if (c.filter === 'select') {
          return (
            <Select
              key={param}
              aria-label={`Filtrar por ${c.title}`}
              style={{ minWidth: 170 }}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={c.filterPlaceholder ?? `${c.title}: todos`}
              value={values[param] ?? undefined}
              options={optionsOf(c).map((o) => ({ value: String(o.value), label: o.label }))}
              onChange={(v?: string) => onChange({ [param]: v ?? null })}
            />
          );
        }
        if (c.filter === 'dateRange') {
          const [de, ate] = paramsOf(c);
          return (
            <DatePicker.RangePicker
              key={param}
              aria-label={`Filtrar por ${c.title}`}
              format="DD/MM/YYYY"
              placeholder={[`${c.title}: de`, 'até']}
              value={[values[de] ? dayjs(values[de]) : null, values[ate] ? dayjs(values[ate]) : null]}
              allowEmpty={[true, true]}
              onChange={(v) => onChange({ [de]: v?.[0]?.format('YYYY-MM-DD') ?? null, [ate]: v?.[1]?.format('YYYY-MM-DD') ?? null })}
            />
          );
        }
        if (c.filter === 'bool') {
          const [sim, nao] = c.boolLabels ?? ['Sim', 'Não'];
          return (
            <Select
              key={param}
              aria-label={`Filtrar por ${c.title}`}
              style={{ minWidth: 150 }}
              allowClear
              placeholder={`${c.title}: todos`}
              value={values[param] ?? undefined}
              options={[
                { value: 'true', label: sim },
                { value: 'false', label: nao },
              ]}
              onChange={(v?: string) => onChange({ [param]: v ?? null })}
            />
          );
        }
        return (
          <Input.Search
            // Re-created when the URL changes from outside (back button, clear), so it shows the URL's value.
            key={`${param}=${values[param] ?? ''}`}
            aria-label={`Filtrar por ${c.title}`}
            placeholder={`Filtrar por ${minusculas(c.title)}`}
            allowClear={LIMPAR}
            enterButton={buscar(c.title)}
            defaultValue={values[param]}
            style={{ width: 220 }}
            // Documents and CEPs are stored as digits: a masked search text is sent as its digits.
            onSearch={(v) => onChange({ [param]: (isDigits(c) ? somenteDigitos(v) : v.trim()) || null })}
          />
        );
      })}
      {algum && (
        <Button icon={<ClearOutlined />} onClick={() => onChange(Object.fromEntries(filtraveis.flatMap(paramsOf).map((p) => [p, null])))}>
          Limpar filtros
        </Button>
      )}
    </Space>
  );
}
