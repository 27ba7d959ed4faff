import { type SQL, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Acao, StatusKey, z } from '@fretio/core';
import type { Db } from '../db/client.ts';
import type { RequestContext } from '../plugins/auth/context.ts';
import { exigirEmbarcador } from '../plugins/auth/context.ts';
import { type Filters, type Periodo, type Sortable, consultaDoPeriodo } from './list-query.ts';
import type { SelecaoDef } from './selecao.ts';

// A resource is declared once; the framework derives its routes, SQL, tenancy, permissions and audit.
export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Who may see which rows, and what an insert must carry so the row stays theirs. */
export type Scope = {
  where(ctx: RequestContext, parentUid?: string): SQL | undefined;
  values(ctx: RequestContext, parentUid?: string): Record<string, unknown>;
  /** Sub-collections: is the parent visible to ctx? (404 otherwise). */
  parentVisible?(db: DbOrTx, ctx: RequestContext, parentUid: string): Promise<boolean>;
  /** Set by `doEmbarcador` only (the scope is exactly "this column = the active shipper"): an unfiltered
   *  list of a counted table reads its maintained total (framework/contagem.ts). */
  colunaEmbarcador?: PgColumn;
  /** With colunaEmbarcador: false when this caller sees fewer rows than the shipper's (a carrier's user):
   *  its list is counted. */
  soEmbarcador?(ctx: RequestContext): boolean;
};

type Colunas = Record<string, PgColumn | SQL.Aliased | SQL>;

export type ResourceDef<TItem = unknown> = {
  /** Singular label, used for the OpenAPI tag and the audit trail. */
  nome: string;
  /** Path under /api/v1; a sub-collection uses ':uid' for its parent, e.g. '/transportadores/:uid/unidades'. */
  path: string;
  /** Permission resource (packages/core RECURSOS). */
  recurso: string;
  table: PgTable;
  uid: PgColumn;
  scope: Scope;
  item: z.ZodObject;
  input: z.ZodObject;
  /** PUT body; defaults to `input`. */
  updateInput?: z.ZodObject;
  sortable: Sortable;
  defaultSort: string;
  /** Direction when the client sends no sso (e.g. newest first for logs). */
  defaultOrder?: 'ASC' | 'DESC';
  filters: Filters;
  operations?: Operation[];
  /** Extra list query parameters (documented) and the SQL they add. */
  listQuery?: z.ZodRawShape;
  listWhere?(query: Record<string, unknown>, ctx: RequestContext): SQL | undefined;
  /**
   * Pages after the first are read in two steps: the page's uids from the table alone (ordered, with
   * the offset: an index-only scan when an index covers the filters and the sort), then those rows
   * through `from`/`select`. For million-row lists whose deep pages would otherwise fetch every skipped
   * row; only when the scope, filters, listWhere and sort use the table's own columns. The total is
   * then counted over the table alone too (no `from` joins: an index-only count).
   */
  paginaEmDuasEtapas?: boolean;
  /** The list's period filter (dataInicioFiltro/dataFimFiltro over one column): see list-query.ts Periodo.
   *  defineResource documents its parameters in `listQuery`; `listar` applies it. */
  periodo?: Periodo;
  /** Columns to select (joins, computed columns); defaults to every column of the table. A function of the
   *  caller when a column depends on who asks (may it change the record? may it read personal data?). */
  select?: Colunas | ((ctx: RequestContext) => Colunas);
  /** Joins for `select`; receives the request's ctx and parent uid for joins that depend on them. */
  from?(q: FromBuilder, ctx: RequestContext, parentUid?: string): FromBuilder;
  /** `from` only adds left joins on a unique key: it neither drops nor repeats rows of the table, so an
   *  unfiltered list may read the table's maintained total (framework/contagem.ts). */
  fromMantemLinhas?: boolean;
  /**
   * The list's total is counted over the table alone (no `from` joins: an index-only count when an index
   * covers the filters), with `from` only adding left joins on a unique key and the scope, filters and
   * listWhere using the table's own columns; unlike paginaEmDuasEtapas the sort may use a joined column.
   */
  contagemSemFrom?: boolean;
  /** Row → reply item; `ctx` for what depends on the caller (masking personal data it may not read). */
  toItem?(row: Record<string, unknown>, ctx: RequestContext): TItem;
  toValues?(input: Record<string, unknown>, ctx: RequestContext): Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * References to other records the input carries ({field: Ref}): each uid present in the values must
   * point to a record the caller may use, checked before `hooks.validate` (400 naming every bad field).
   */
  refs?: Record<string, Ref>;
  /**
   * Fields unique within the scope (one parent's list, one shipper's records) → the 409 message: a value
   * another record of that scope already has answers 409 on the field naming it (`registro {uid, nome}`,
   * `nome` from the table's `nome` column, else the value), so the form links to it ("Abrir o cadastro
   * de …"). Checked after `hooks.validate` (its permission and field rules come first); the unique index
   * stays the guard against races.
   */
  unicos?: Record<string, string>;
  /** Commands on one record (status changes, duplicate, new version...): see ActionDef. */
  actions?: ActionDef[];
  /** Selection lists of this resource (`/list`, `/lista`, `/ativos`…): see framework/selecao.ts. */
  selecoes?: SelecaoDef[];
  hooks?: {
    /** Business rules before a write; throw AppError (400/409). `existing` is null on create. */
    validate?(tx: Tx, ctx: RequestContext, values: Record<string, unknown>, existing: Record<string, unknown> | null): Promise<void>;
    beforeDelete?(tx: Tx, ctx: RequestContext, existing: Record<string, unknown>): Promise<void>;
    afterWrite?(tx: Tx, ctx: RequestContext, row: Record<string, unknown>, op: 'create' | 'update'): Promise<void>;
  };
};

/** A reference check: does `uid` name a record ctx may point to? `mensagem` is the 400 on the field. */
export type Ref = { mensagem: string; existe(tx: DbOrTx, ctx: RequestContext, uid: string): Promise<boolean> };

/**
 * A command on one record, declared beside the CRUD: `METHOD /api/v1/<path>/:uid/<action path>`.
 * The framework runs it in one transaction: the record is locked first (404 when not visible), then
 * `run` (rules first: throw AppError before writing), then the audit row (before/after, with the
 * justification when the input has one). The reply is `run`'s result, or the record re-read.
 */
export type ActionDef = {
  path: string;
  /** GET only where the contract says so: the route still counts as a write (`config.escrita`), so a
   *  cross-site request is refused exactly like a POST. */
  method?: 'POST' | 'PUT' | 'GET';
  summary: string;
  description?: string;
  permission: Acao;
  /** Body of POST/PUT (GET actions take none). */
  input?: z.ZodObject;
  /** Reply data; defaults to the record's item. */
  output?: z.ZodType;
  /** 201 when the action creates a record (a copy, a new version). */
  status?: 200 | 201;
  /** Name in the audit trail; defaults to path. */
  auditoria?: string;
  /** Success message; defaults to 'Registro salvo com sucesso.' */
  message?: string;
  /** Set by acaoDeStatus: the machine and column the action moves (docs, and the race test over every one). */
  transicao?: { maquina: StatusKey; campo: string };
  /** `run` returns SEM_MUDANCA (framework/acoes.ts) when nothing changed: the reply is the record, no audit row. */
  run(tx: Tx, ctx: RequestContext, row: Record<string, unknown>, input: Record<string, unknown>, def: ResourceDef): Promise<unknown>;
};

/** What an action's `run` returns when the record already was as asked (the same status, the same date):
 *  the reply is the record and no audit row is written — two identical commands at once audit one change. */
export const SEM_MUDANCA: unique symbol = Symbol('sem mudança');

// biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder type
export type FromBuilder = any;

export const defineResource = <T>(def: ResourceDef<T>): ResourceDef<T> =>
  def.periodo ? { ...def, listQuery: { ...consultaDoPeriodo(def.periodo), ...def.listQuery } } : def;

/** Rows owned by the active shipper. */
export function doEmbarcador(column: PgColumn, key = 'embarcadorUid'): Scope {
  return {
    where: (ctx) => eq(column, exigirEmbarcador(ctx)),
    values: (ctx) => ({ [key]: exigirEmbarcador(ctx) }),
    colunaEmbarcador: column,
  };
}

/** Rows of a parent record: the parent's own scope decides visibility. */
export function filhoDe(column: PgColumn, key: string, parentVisible: Scope['parentVisible']): Scope {
  return {
    where: (_ctx, parentUid) => eq(column, parentUid as string),
    values: (_ctx, parentUid) => ({ [key]: parentUid }),
    parentVisible,
  };
}

export const global: Scope = { where: () => undefined, values: () => ({}) };
