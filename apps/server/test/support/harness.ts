import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from '@fretio/core';
import { DEMO } from '../../src/db/seed/demo.ts';
import type { ResourceDef } from '../../src/framework/resource.ts';
import { type Body, fixtures, type ResourceFixture, routeFixtures } from '../fixtures.ts';
import { type RouteInfo, type TestApp, createTestApp } from './db.ts';
import { type Api, as } from './http.ts';
import { rows } from './state.ts';

// What the generic suites share: the app with the demo data, the two shippers' administrators,
// the route table joined to the resource declarations, and record creation through fixtures.

export const FIXTURES_FILE = 'apps/server/test/fixtures.ts';

export type Created = {
  path: string;
  uid: string;
  parent?: string;
  collectionUrl: string;
  itemUrl: string;
  body?: Body;
  item?: Record<string, unknown>;
};

/** A declared resource and which of its routes the app actually serves. */
export type ResourceRoutes = {
  def: ResourceDef;
  path: string;
  nested: boolean;
  /** '/api/v1/x' or '/api/v1/x/:uid/y' */
  collection: string;
  /** '/api/v1/x/:uid' or '/api/v1/x/:uid/y/:childUid' */
  item: string;
  routes: { list?: RouteInfo; get?: RouteInfo; create?: RouteInfo; update?: RouteInfo; delete?: RouteInfo };
};

export type Harness = {
  t: TestApp;
  app: TestApp['app'];
  db: TestApp['db'];
  /** admin@demo.com.br, every permission in shipper A (Demo). */
  admin: Api;
  /** admin@outro.com.br, every permission in shipper B (Outro). */
  outro: Api;
  embarcadorA: string;
  embarcadorB: string;
  seq(): number;
  /** A record of `path` owned by shipper A, created through its POST with the fixture body. */
  create(path: string, opts?: { parent?: string }): Promise<Created>;
  userUid(login: string): Promise<string>;
  papelUid(embarcadorUid: string, nome: string): Promise<string>;
  rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]>;
  resources: ResourceRoutes[];
  routes: RouteInfo[];
  close(): Promise<void>;
};

export function missingFixtureMessage(path: string, def?: ResourceDef) {
  return (
    `O recurso '${path}'${def ? ` (${def.nome})` : ''} não tem fixture em ${FIXTURES_FILE}. ` +
    `Acrescente em \`fixtures\` uma entrada '${path}': { body: (h) => ({ ...corpo válido e único... })` +
    `${path.includes(':uid') ? ', parent: (h) => uid do registro pai visível ao embarcador A' : ''} }.`
  );
}

export const isZod = (s: unknown): s is z.ZodType => !!s && typeof s === 'object' && '_zod' in (s as object);

export function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
}

export function fillUrl(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`sem valor para o parâmetro :${name} de ${url}`);
    return encodeURIComponent(v);
  });
}

function paramSchema(route: RouteInfo, name: string): z.ZodType | undefined {
  const p = route.schema.params as { shape?: Record<string, z.ZodType> } | undefined;
  return isZod(p) ? p.shape?.[name] : undefined;
}

/** A path parameter that only accepts a uid (UUID v1-5). */
export function isUidParam(route: RouteInfo, name: string): boolean {
  const s = paramSchema(route, name);
  if (!s) return /uid$/i.test(name);
  return s.safeParse(randomUUID()).success && !s.safeParse('abc').success && !s.safeParse('x'.repeat(36)).success;
}

/** Some value the parameter's schema accepts (a fresh uid for uid parameters). */
export function anyValidParam(route: RouteInfo, name: string): string {
  if (isUidParam(route, name)) return randomUUID();
  const s = paramSchema(route, name);
  const candidates = ['abcdefghijklmnopqrstuvwxyz012345', 'abc', '11222333000181', 'a'];
  return candidates.find((c) => !s || s.safeParse(c).success) ?? candidates[0];
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The resources the app registered, with their routes. */
export function resourceRoutes(recursos: readonly ResourceDef[], routes: RouteInfo[]): ResourceRoutes[] {
  const byPath = new Map<string, ResourceDef>();
  for (const def of recursos) byPath.set(def.path, def);
  const find = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url);
  const out: ResourceRoutes[] = [];
  for (const [path, def] of byPath) {
    const nested = path.includes(':uid');
    const collection = `/api/v1${path}`;
    const item = nested ? `${collection}/:childUid` : `${collection}/:uid`;
    const rr: ResourceRoutes = {
      def,
      path,
      nested,
      collection,
      item,
      routes: {
        list: find('GET', collection),
        get: find('GET', item),
        create: find('POST', collection),
        update: find('PUT', item),
        delete: find('DELETE', item),
      },
    };
    // A declaration whose routes this app does not serve is not part of the API.
    if (Object.values(rr.routes).some(Boolean)) out.push(rr);
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** Resources a fixture is required for: those with a record route or a POST. */
export const needsFixture = (r: ResourceRoutes) => !!(r.routes.get || r.routes.update || r.routes.delete || r.routes.create);

export async function createHarness(): Promise<Harness> {
  const t = await createTestApp({ seed: true });
  const [admin, outro] = await Promise.all([as(t.app, DEMO.admin.login), as(t.app, DEMO.outro.login)]);
  const membership = async (login: string) => {
    const r = await rows<{ uid: string }>(
      t.db,
      sql`select ue.embarcador_uid as uid from usuario_embarcador ue join usuarios u on u.uid = ue.usuario_uid where u.login = ${login} and ue.ativo order by ue.criado_em limit 1`,
    );
    if (!r[0]) throw new Error(`${login} não pertence a nenhum embarcador nos dados de demonstração`);
    return r[0].uid;
  };
  const [embarcadorA, embarcadorB] = await Promise.all([membership(DEMO.admin.login), membership(DEMO.outro.login)]);
  let n = 0;
  const h: Harness = {
    t,
    app: t.app,
    db: t.db,
    admin,
    outro,
    embarcadorA,
    embarcadorB,
    seq: () => ++n,
    routes: t.routes,
    resources: resourceRoutes(t.app.recursos, t.routes),
    rows: (q) => rows(t.db, q),
    async userUid(login) {
      const r = await rows<{ uid: string }>(t.db, sql`select uid from usuarios where login = ${login}`);
      if (!r[0]) throw new Error(`usuário ${login} não existe`);
      return r[0].uid;
    },
    async papelUid(embarcadorUid, nome) {
      const r = await rows<{ uid: string }>(t.db, sql`select uid from papeis where embarcador_uid = ${embarcadorUid} and nome = ${nome}`);
      if (!r[0]) throw new Error(`papel ${nome} não existe`);
      return r[0].uid;
    },
    async create(path, opts = {}) {
      const fx: ResourceFixture | undefined = fixtures[path];
      if (!fx) throw new Error(missingFixtureMessage(path));
      const nested = path.includes(':uid');
      let parent = opts.parent;
      if (nested && !parent) {
        if (!fx.parent) throw new Error(`A fixture '${path}' em ${FIXTURES_FILE} precisa de parent: (h) => uid do registro pai.`);
        parent = await fx.parent(h);
      }
      const collectionUrl = `/api/v1${nested ? path.replace(':uid', parent as string) : path}`;
      if (fx.create) {
        const uid = await fx.create(h, { parent });
        return { path, uid, parent, collectionUrl, itemUrl: `${collectionUrl}/${uid}` };
      }
      if (!fx.body) throw new Error(`A fixture '${path}' em ${FIXTURES_FILE} precisa de body ou create.`);
      const body = await fx.body(h, { parent });
      const res = await h.admin.post(collectionUrl, body);
      if (res.status !== 201 && res.status !== 200) {
        throw new Error(
          `POST ${collectionUrl} com o corpo da fixture respondeu ${res.status}: ${res.text}\ncorpo: ${JSON.stringify(body)}`,
        );
      }
      const item = res.body?.data as Record<string, unknown>;
      if (!item || typeof item.uid !== 'string') throw new Error(`POST ${collectionUrl} não devolveu data.uid: ${res.text}`);
      return { path, uid: item.uid, parent, collectionUrl, itemUrl: `${collectionUrl}/${item.uid}`, body, item };
    },
    close: () => t.close(),
  };
  return h;
}

/** The PUT body for an existing record (fixture.update, else a fresh fixture body). */
export async function updateBody(h: Harness, rec: Created): Promise<Body | undefined> {
  const fx = fixtures[rec.path];
  if (!fx) return undefined;
  if (fx.update) return fx.update(h, rec);
  return fx.body ? fx.body(h, { parent: rec.parent }) : undefined;
}

/** The stored row(s) of a record, straight from its table: did anything change? */
export async function storedRow(h: Harness, r: ResourceRoutes, uid: string): Promise<string> {
  const found = await h.db.select().from(r.def.table).where(eq(r.def.uid, uid));
  return JSON.stringify(found);
}

/**
 * Values for a route's path parameters, each naming a record of shipper A when that can be known:
 * a route fixture's params, a record of the resource the path belongs to, or the parent of a
 * sub-collection the path starts with. Unknown parameters are listed in `unknown`.
 */
export async function ownedParams(
  h: Harness,
  route: RouteInfo,
): Promise<{ values: Record<string, string>; unknown: string[]; body?: Body }> {
  const key = routeKey(route);
  const rf = routeFixtures[key];
  const names = paramNames(route.url);
  const values: Record<string, string> = {};
  let body: Body | undefined;
  if (rf?.params) Object.assign(values, await rf.params(h));

  // The record routes of a declared resource: a fresh record of shipper A.
  const own = h.resources.find((r) => r.item === route.url || (r.nested && r.collection === route.url));
  if (own && fixtures[own.path]) {
    const missing = names.filter((p) => values[p] === undefined);
    if (missing.length) {
      if (route.url === own.item) {
        const rec = await h.create(own.path);
        if (own.nested) {
          values.uid ??= rec.parent as string;
          values.childUid ??= rec.uid;
        } else values.uid ??= rec.uid;
      } else {
        const parent = await fixtures[own.path].parent?.(h);
        if (parent) values.uid ??= parent;
      }
    }
  }
  // '/api/v1/x/:uid/...' (or '/api/v1/x/:uid/y/:childUid/...') under a declared resource's record
  // path: a fresh record of that resource names those parameters.
  if (names.some((p) => values[p] === undefined)) {
    const under = h.resources
      .filter((r) => route.url.startsWith(`${r.item}/`) && fixtures[r.path])
      .sort((a, b) => b.item.length - a.item.length)[0];
    if (under) {
      const rec = await h.create(under.path);
      if (under.nested) {
        values.uid ??= rec.parent as string;
        values.childUid ??= rec.uid;
      } else values.uid ??= rec.uid;
    }
  }
  // '/api/v1/x/:uid/...' where '/x/:uid/y' is a declared sub-collection: the same kind of parent.
  if (values.uid === undefined && names.includes('uid')) {
    const sub = h.resources.find(
      (r) => r.nested && route.url.startsWith(`${r.collection.slice(0, r.collection.indexOf(':uid') + 4)}/`) && fixtures[r.path]?.parent,
    );
    if (sub) values.uid = await (fixtures[sub.path].parent as NonNullable<ResourceFixture['parent']>)(h);
  }
  if (rf?.body) body = await rf.body(h, values);
  const unknown = names.filter((p) => values[p] === undefined && isUidParam(route, p));
  for (const p of names) if (values[p] === undefined) values[p] = anyValidParam(route, p);
  return { values, unknown, body };
}
