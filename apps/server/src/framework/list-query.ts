import { type SQL, type SQLWrapper, and, asc, desc, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { FUSO, MSG, UID_REGEX } from '@fretio/core';
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
      if (!/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value) || Number.isNaN(Date.parse(value))) bad(field, 'data inválida');
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
