import { getTableColumns } from 'drizzle-orm';
import { STATUS, statusDef } from '@fretio/core';
import { auditorias, transportadores } from '../../db/schema/index.ts';

// Row → API item of the audit resources (numeric columns as numbers, status with label and colour).

export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const selectAuditoria = { ...getTableColumns(auditorias), transportadorNome: transportadores.nome };

export function auditoriaItem(r: Record<string, unknown>) {
  const s = statusDef('auditoria', r.status as number);
  return {
    ...r,
    transportadorNome: (r.transportadorNome as string | null) ?? null,
    statusLabel: s?.label ?? String(r.status),
    statusCor: s?.color ?? 'default',
    valorCobrado: Number(r.valorCobrado),
    valorEsperado: num(r.valorEsperado),
    diferenca: num(r.diferenca),
    memoria: r.memoria ?? null,
  };
}

export const STATUS_AUDITORIA = STATUS.auditoria;
