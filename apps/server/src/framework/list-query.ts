import { type SQL, type SQLWrapper, and, asc, desc, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { FUSO, MSG, UID_REGEX, z } from '@fretio/core';
import { AppError } from '../lib/errors.ts';
import { escapeLike } from './sql.ts';

// Turns the list query string of CONVENTIONS.md (pc, pps, ssf, sso, ftr_*) into SQL pieces.
// Values only ever reach SQL as bound parameters.
export type FilterKind = 'text' | 'exact' | 'uid' | 'bool' | 'int' | 'number' | 'date';
/** `normalize` turns what the user typed into the stored form (e.g. a plate without its hyphen). */
export type FilterDef = { column: PgColumn | SQL; kind: FilterKind; range?: boolean; label?: string; normalize?: (v: string) => string };
export type Filters = Record<string, FilterDef>;
export type Sortable = Record<string, PgColumn | SQL>;

export type ParsedList = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };

const eq = (col: SQLWrapper, v: unknown) => sql`${col} = ${v}`;
const gte = (col: SQLWrapper, v: unknown) => sql`${col} >= ${v}`;
const lte = (col: SQLWrapper, v: unknown) => sql`${col} <= ${v}`;

const isTimestamp = (col: PgColumn | SQL) => 'getSQLType' in col && /timestamp/.test((col as PgColumn).getSQLType());

function bad(field: string, message: string = MSG.parametrosInvalidos): never {
  throw AppError.field(field, message);
}

function condition(field: string, def: FilterDef, raw: string, op: 'eq' | 'gte' | 'lte'): SQL {
  const col = def.column;
  const value = def.normalize ? def.normalize(raw.trim()) : raw.trim();
  switch (def.kind) {
    case 'text':
      return sql`f_norm(${col}) like '%' || f_norm(${escapeLike(value)}) || '%'`;
    case 'exact':
      return eq(col, value);
    case 'uid':
      if (!UID_REGEX.test(value)) bad(field);
      return eq(col, value);
    case 'bool': {
      const b = ['true', '1', 'S', 's'].includes(value) ? true : ['false', '0', 'N', 'n'].includes(value) ? false : bad(field);
      return eq(col, b);
    }
    case 'int':
    case 'number': {
      const n = Number(value.replace(',', '.'));
      if (!Number.isFinite(n) || (def.kind === 'int' && !Number.isInteger(n))) bad(field);
      return op === 'gte' ? gte(col, n) : op === 'lte' ? lte(col, n) : eq(col, n);
    }
    case 'date': {
      if (!/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value) || Number.isNaN(Date.parse(value)) || !diaValido(value.slice(0, 10))) bad(field, 'data inválida');
      if (value.length > 10) return op === 'gte' ? gte(col, value) : op === 'lte' ? lte(col, value) : eq(col, value);
      // A date-only bound is a calendar day in São Paulo (CONVENTIONS, Formats): on a timestamp column it
      // becomes that day's São Paulo midnight; an upper bound includes the whole day.
      const instante = isTimestamp(col);
      const inicio = instante ? sql`(${value}::date::timestamp at time zone ${FUSO})` : sql`${value}::date`;
      const fim = instante ? sql`((${value}::date + 1)::timestamp at time zone ${FUSO})` : sql`(${value}::date + 1)`;
      if (op === 'gte') return sql`${col} >= ${inicio}`;
      if (op === 'lte') return sql`${col} < ${fim}`;
      return sql`${col} >= ${inicio} and ${col} < ${fim}`;
    }
  }
}

export function parseList(
  query: Record<string, unknown>,
  opts: { filters: Filters; sortable: Sortable; defaultSort: string; defaultOrder?: 'ASC' | 'DESC'; tieBreaker: PgColumn },
): ParsedList {
  const conds: SQL[] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    if (!key.startsWith('ftr_') || rawValue === undefined || rawValue === '') continue;
    const raw = Array.isArray(rawValue) ? String(rawValue[0]) : String(rawValue);
    if (raw.includes('\u0000')) bad(key);
    const name = key.slice(4);
    const direct = opts.filters[name];
    if (direct) {
      conds.push(condition(key, direct, raw, 'eq'));
      continue;
    }
    const m = name.match(/^(.*)(De|Ate)$/);
    const ranged = m ? opts.filters[m[1]] : undefined;
    if (m && ranged?.range) {
      conds.push(condition(key, ranged, raw, m[2] === 'De' ? 'gte' : 'lte'));
      continue;
    }
    // Unknown filters are rejected, so a typo never silently returns everything.
    bad(key);
  }
  const ssf = typeof query.ssf === 'string' && query.ssf ? query.ssf : opts.defaultSort;
  const sortCol = opts.sortable[ssf];
  if (!sortCol) bad('ssf');
  const sso = String(query.sso ?? (query.ssf ? 'ASC' : (opts.defaultOrder ?? 'ASC'))).toUpperCase();
  const descending = sso === 'DESC' || sso === 'DESCEND';
  const pc = Number(query.pc ?? 1);
  const pps = Number(query.pps ?? 20);
  return {
    where: conds.length ? and(...conds) : undefined,
    orderBy: [descending ? desc(sortCol) : asc(sortCol), asc(opts.tieBreaker)],
    limit: pps,
    offset: (pc - 1) * pps,
  };
}

/**
 * A list's period (dataInicioFiltro / dataFimFiltro), declared once in the resource (`periodo`): calendar
 * days in São Paulo over `campo` (a timestamp column: that day's São Paulo midnight; the end day is
 * included whole). The list machinery documents the two parameters and applies them; a malformed or
 * impossible day answers 400 'data inválida' on its parameter, an end before the start 400 on dataFimFiltro.
 */
export type Periodo = { campo: PgColumn | SQL; /** What the period is of, e.g. 'Emissão', 'Eventos'. */ descricao: string };

const DIA = /^\d{4}-\d{2}-\d{2}$/;
const diaValido = (v: string) => DIA.test(v) && !Number.isNaN(Date.parse(v)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

export function consultaDoPeriodo(p: Periodo): z.ZodRawShape {
  return {
    dataInicioFiltro: z.string().optional().describe(`${p.descricao} a partir deste dia (AAAA-MM-DD, dia de São Paulo)`),
    dataFimFiltro: z.string().optional().describe(`${p.descricao} até este dia, inclusive`),
  };
}

export function condicoesDoPeriodo(p: Periodo | undefined, query: Record<string, unknown>): SQL | undefined {
  if (!p) return undefined;
  const dias: Record<'dataInicioFiltro' | 'dataFimFiltro', string | undefined> = { dataInicioFiltro: undefined, dataFimFiltro: undefined };
  for (const nome of ['dataInicioFiltro', 'dataFimFiltro'] as const) {
    const v = query[nome];
    if (v === undefined || v === '') continue;
    // A date-time is read as its day (the screens send the day; older clients sent midnight instants).
    if (typeof v !== 'string' || !diaValido(v.slice(0, 10))) bad(nome, 'data inválida');
    dias[nome] = v.slice(0, 10);
  }
  const { dataInicioFiltro: ini, dataFimFiltro: fim } = dias;
  if (ini && fim && fim < ini) bad('dataFimFiltro', 'A data final deve ser igual ou posterior à inicial');
  const conds: SQL[] = [];
  if (ini) conds.push(condition('dataInicioFiltro', { column: p.campo, kind: 'date' }, ini, 'gte'));
  if (fim) conds.push(condition('dataFimFiltro', { column: p.campo, kind: 'date' }, fim, 'lte'));
  return conds.length ? and(...conds) : undefined;
}
