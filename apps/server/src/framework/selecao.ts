import { type SQL, and } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { type Acao, z } from '@fretio/core';
import type { Db } from '../db/client.ts';
import type { RequestContext } from '../plugins/auth/context.ts';
import { AppError } from '../lib/errors.ts';
import type { FromBuilder, ResourceDef } from './resource.ts';
import { ok, reply } from './schemas.ts';

// Selection lists (`/list`, `/lista`, `/ativos`, `/listaselecao`…): the short option lists behind the
// selects of the screens. Each is declared — path, query, reply item, what to read and how to label it —
// and the framework gives the route, its OpenAPI entry, the permission check, the tenant scope and the
// row limit, the same for every module.

type Colunas = Record<string, PgColumn | SQL | SQL.Aliased>;
// biome-ignore lint/suspicious/noExplicitAny: rows are typed by each declaration's `colunas`
type Linha = any;

export type SelecaoDef = {
  /** The contract's path under /api/v1, e.g. '/zona/list'. */
  path: string;
  method?: 'GET' | 'POST';
  summary: string;
  description?: string;
  /** Defaults to reading the resource the list belongs to; null: any signed-in user (the list scopes itself). */
  permission?: [string, Acao] | null;
  /** Query string (GET) or body (POST) besides `src`. */
  query?: z.ZodObject;
  /** One option of the reply (the reply is an array of them). */
  item: z.ZodType;
  /** Maximum rows offered. */
  limite?: number;
  /** Either a declared read (the resource's table, its scope ANDed with `where`)… Columns may depend on
   *  the caller (what it may see of personal data). */
  colunas?: Colunas | ((ctx: RequestContext) => Colunas);
  from?(q: FromBuilder, ctx: RequestContext): FromBuilder;
  where?(ctx: RequestContext, query: Linha): SQL | undefined;
  /** False when `where` itself decides visibility (lists that cross the resource's scope, e.g. every visible carrier). */
  escopoDoRecurso?: boolean;
  orderBy?: (PgColumn | SQL)[];
  /** …or a read of the module's own (a ranked search, a catalogue); it receives the row limit. */
  consulta?(db: Db, ctx: RequestContext, query: Linha, limite: number): Promise<Linha[]>;
  opcao(linha: Linha, ctx: RequestContext): unknown;
};

export const defineSelecao = (def: SelecaoDef) => def;

type Origem = { nome: string; recurso: string; table?: PgTable; scope?: ResourceDef['scope'] };

export async function lerSelecao(db: Db, origem: Origem, def: SelecaoDef, ctx: RequestContext, query: Linha): Promise<unknown[]> {
  const limite = def.limite ?? 500;
  let linhas: Linha[];
  if (def.consulta) linhas = await def.consulta(db, ctx, query, limite);
  else {
    if (!def.colunas || !origem.table) throw new Error(`seleção ${def.path}: declare colunas (e a tabela do recurso) ou consulta`);
    const escopo = def.escopoDoRecurso === false ? undefined : origem.scope?.where(ctx);
    const colunas = typeof def.colunas === 'function' ? def.colunas(ctx) : def.colunas;
    let q: FromBuilder = db.select(colunas).from(origem.table);
    if (def.from) q = def.from(q, ctx);
    q = q.where(and(escopo, def.where?.(ctx, query)));
    if (def.orderBy?.length) q = q.orderBy(...def.orderBy);
    linhas = await q.limit(limite);
  }
  return linhas.map((l) => def.opcao(l, ctx));
}

/** Registers one selection list; `origem` is the resource (or module) it belongs to. */
export function registrarSelecao(app: FastifyInstance, origem: Origem, def: SelecaoDef) {
  const method = def.method ?? 'GET';
  const entrada = (def.query ?? z.object({})).extend({ src: z.string().optional() });
  app.route({
    method,
    url: `/api/v1${def.path}`,
    config: def.permission === null ? {} : { permission: def.permission ?? [origem.recurso, 'ler'] },
    schema: {
      tags: [origem.nome],
      summary: def.summary,
      ...(def.description ? { description: def.description } : {}),
      ...(method === 'GET' ? { querystring: entrada } : { body: entrada.optional() }),
      response: ok(z.array(def.item)),
    },
    handler: async (req) => {
      const ctx = (req as { ctx?: RequestContext }).ctx;
      if (!ctx) throw AppError.unauthenticated();
      const query = (method === 'GET' ? req.query : req.body) ?? {};
      return reply.ok(await lerSelecao(app.db, origem, def, ctx, query));
    },
  });
}
