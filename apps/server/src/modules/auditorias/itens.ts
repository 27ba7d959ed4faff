import { getTableColumns, sql } from 'drizzle-orm';
import { type ReferenciaAuditoria, STATUS, statusDef } from '@fretio/core';
import { auditorias, transportadores } from '../../db/schema/index.ts';

// Row → API item of the audit resources (numeric columns as numbers, status with label and colour).

export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Number/name of the single source record, for audits stored before their memory listed the references. */
const referenciaNumero = sql<string | null>`case ${auditorias.fonte}
  when 'SPOT' then (select c.numero::text from cotacoes_frete c where c.uid = ${auditorias.referenciaUid})
  when 'SIMULACAO' then (select p.numero from pedidos p where p.uid = ${auditorias.referenciaUid})
  when 'TABELA' then (select t.nome from tabelas_frete t where t.uid = ${auditorias.referenciaUid}) end`;

export const selectAuditoria = { ...getTableColumns(auditorias), transportadorNome: transportadores.nome, referenciaNumero: referenciaNumero.as('referencia_numero') };

const TIPO_DA_FONTE: Record<string, ReferenciaAuditoria['tipo']> = { SPOT: 'COTACAO', SIMULACAO: 'PEDIDO', TABELA: 'TABELA' };

/** The source records of the expected value: listed in the memory by the audit; else the single referenciaUid. */
export function referenciasDa(r: Record<string, unknown>): ReferenciaAuditoria[] {
  const daMemoria = (r.memoria as { referencias?: ReferenciaAuditoria[] } | null)?.referencias;
  if (Array.isArray(daMemoria)) return daMemoria;
  const tipo = TIPO_DA_FONTE[String(r.fonte)];
  return tipo && r.referenciaUid ? [{ tipo, uid: String(r.referenciaUid), numero: (r.referenciaNumero as string | null) ?? null }] : [];
}

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
    referencias: referenciasDa(r),
  };
}

export const STATUS_AUDITORIA = STATUS.auditoria;
