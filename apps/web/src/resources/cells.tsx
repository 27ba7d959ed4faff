import { formatarCep, formatarDinheiro, formatarDocumento, statusDef } from '@fretio/core';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { DateText } from './fields/DateText.tsx';
import { MunicipioTexto } from './fields/MunicipioTexto.tsx';
import type { ColumnDef, Registro } from './types.ts';

// How a declared column shows its value: formats come from @fretio/core, never re-implemented.
export function renderCell(col: ColumnDef, value: unknown, record: Registro): ReactNode {
  if (col.render) return col.render(value, record);
  if (value === null || value === undefined || value === '') return col.kind === 'bool' ? null : '—';
  switch (col.kind) {
    case 'bool': {
      const [sim, nao] = col.boolLabels ?? ['Sim', 'Não'];
      return <Tag color={value ? 'success' : 'default'}>{value ? sim : nao}</Tag>;
    }
    case 'date':
      return <DateText value={String(value)} />;
    case 'dateTime':
      return <DateText value={String(value)} comHora />;
    case 'money':
      return formatarDinheiro(value as number | string);
    case 'documento':
      return formatarDocumento(String(value));
    case 'cep':
      return formatarCep(String(value));
    case 'municipio':
      return <MunicipioTexto ibge={String(value)} />;
    case 'status': {
      const s = col.statusKey ? statusDef(col.statusKey, Number(value)) : undefined;
      return <Tag color={s?.color}>{s?.label ?? String(value)}</Tag>;
    }
    default:
      return String(value);
  }
}
