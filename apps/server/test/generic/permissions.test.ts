import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ACOES, MSG, RECURSOS, type Permissoes, USUARIO_STATUS, pode } from '@fretio/core';
import { hashSenha } from '../../src/lib/crypto.ts';
import { DEMO } from '../../src/db/seed/demo.ts';
import { fixtures } from '../fixtures.ts';
import type { RouteInfo, TestApp } from '../support/db.ts';
import {
  type Harness,
  anyValidParam,
  createHarness,
  fillUrl,
  isZod,
  ownedParams,
  paramNames,
  routeKey,
  updateBody,
} from '../support/harness.ts';
import { api, as } from '../support/http.ts';
import { watchWrites } from '../support/state.ts';

// Permissions, for every route of the table: a signed-in user whose role lacks the route's
// [recurso, acao] gets 403 and nothing is written; without a session every non-public /api route
// answers 401. Expectations come from each user's role as stored, so they follow the catalogue.

const h: Harness = await createHarness();
afterAll(() => h.close());

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PUBLIC_PREFIXES = ['/api/auth/', '/api/docs'];
const isApi = (r: RouteInfo) => r.url.startsWith('/api/') && !PUBLIC_PREFIXES.some((p) => r.url === p || r.url.startsWith(p));
const writeRoutes = h.routes.filter((r) => isApi(r) && WRITE.has(r.method) && r.config.permission && !r.config.public);

// A role that may only read, everything: every write with a permission must be refused.
const LEITOR = 'leitor@demo.com.br';
async function criarLeitor(t: TestApp, embarcadorUid: string) {
  const leitura = Object.fromEntries(RECURSOS.map((r) => [r.codigo, ['ler']]));
  const rows = (q: ReturnType<typeof sql>) => t.db.execute(q) as unknown as Promise<{ rows: { uid: string }[] }>;
  const papel = (
    await rows(sql`insert into papeis (embarcador_uid, nome, descricao, permissoes)
    values (${embarcadorUid}, 'Somente leitura', 'Consulta tudo', ${JSON.stringify(leitura)}::jsonb) returning uid`)
  ).rows[0];
  const u = (
    await rows(sql`insert into usuarios (login, nome, senha_hash, tipo_usuario, status_usuario)
    values (${LEITOR}, 'Leandro Leitor', ${await hashSenha('demo1234')}, 1, ${USUARIO_STATUS.ATIVO}) returning uid`)
  ).rows[0];
  await rows(
    sql`insert into usuario_embarcador (usuario_uid, embarcador_uid, papel_uid) values (${u.uid}, ${embarcadorUid}, ${papel.uid}) returning uid`,
  );
}
await criarLeitor(h.t, h.embarcadorA);

/** The permissions a user holds in its active (first) shipper, as stored in its role. */
async function permissoesDe(login: string): Promise<Permissoes> {
  const r = await h.rows<{ permissoes: Permissoes }>(sql`select p.permissoes from usuario_embarcador ue
    join usuarios u on u.uid = ue.usuario_uid join papeis p on p.uid = ue.papel_uid
    where u.login = ${login} and ue.ativo order by ue.criado_em limit 1`);
  if (!r[0]) throw new Error(`${login} não tem papel`);
  return typeof r[0].permissoes === 'string' ? JSON.parse(r[0].permissoes) : r[0].permissoes;
}

/** Parameters naming real records of shipper A and a valid body: without the permission check the write would succeed. */
async function requestFor(route: RouteInfo) {
  const { values, body: routeBody } = await ownedParams(h, route);
  let body = routeBody;
  const res = h.resources.find((r) => r.collection === route.url || r.item === route.url);
  if (body === undefined && res && fixtures[res.path]) {
    if (route.method === 'POST' && route.url === res.collection) body = await fixtures[res.path].body?.(h, { parent: values.uid });
    if (route.method === 'PUT' && route.url === res.item) {
      const parent = res.nested ? values.uid : undefined;
      const uid = res.nested ? values.childUid : values.uid;
      body = await updateBody(h, { path: res.path, uid, parent, collectionUrl: '', itemUrl: '' });
    }
  }
  if (body === undefined && WRITE.has(route.method) && route.method !== 'DELETE') body = {};
  return { url: fillUrl(route.url, values), body };
}

describe('route declarations', () => {
  it('every permission a route declares exists in the catalogue (packages/core recursos.ts)', () => {
    const catalogo = new Map(RECURSOS.map((r) => [r.codigo as string, r.acoes as readonly string[]]));
    const wrong = h.routes
      .filter((r) => r.config.permission)
      .filter((r) => {
        const [recurso, acao] = r.config.permission as [string, string];
        return !catalogo.get(recurso)?.includes(acao) || !(ACOES as readonly string[]).includes(acao);
      })
      .map((r) => `${routeKey(r)} → ${JSON.stringify(r.config.permission)}`);
    expect(wrong, 'permissões fora do catálogo: ninguém além do administrador do sistema as teria').toEqual([]);
  });

  it('there are write routes with permissions to check', () => {
    expect(writeRoutes.length).toBeGreaterThan(5);
  });
});

const users = [
  { login: DEMO.operador.login, quem: 'operador (lê tudo; mantém centros de custo e departamentos)' },
  { login: LEITOR, quem: "papel só com 'ler'" },
  { login: DEMO.transportador.login, quem: 'usuário de transportadora' },
];

const permsOf = new Map<string, Permissoes>();
for (const user of users) permsOf.set(user.login, await permissoesDe(user.login));

for (const user of users) {
  describe(`${user.login}: ${user.quem}`, () => {
    const perms = permsOf.get(user.login) as Permissoes;
    const denied = writeRoutes.filter((r) => !pode(perms, ...(r.config.permission as [string, (typeof ACOES)[number]])));
    const granted = writeRoutes.filter((r) => pode(perms, ...(r.config.permission as [string, (typeof ACOES)[number]])));

    if (user.login === LEITOR) {
      // POST is also used to read (searches with a body): those declare 'ler' and stay open.
      it("is denied every route that needs more than 'ler'", () =>
        expect(granted.filter((r) => r.config.permission?.[1] !== 'ler').map(routeKey)).toEqual([]));
    }

    for (const route of denied) {
      it(`${routeKey(route)} → 403 (${route.config.permission?.join(':')}), nothing written`, async () => {
        const caller = await as(h.app, user.login);
        const { url, body } = await requestFor(route);
        const writes = await watchWrites(h.db);
        const res = await caller.request(route.method, url, body);
        expect(res.status, `${route.method} ${url} → ${res.status} ${res.text}`).toBe(403);
        expect(res.body).toEqual({ success: false, message: MSG.semPermissao, errorCode: 403, code: 'FORBIDDEN' });
        expect(await writes(), 'a requisição recusada gravou algo').toEqual([]);
      });
    }

    // The other side: what the role grants is not refused (a route declaring the wrong action would be).
    const grantedResourceRoutes = granted.filter((r) =>
      h.resources.some((x) => fixtures[x.path] && (x.collection === r.url || x.item === r.url)),
    );
    for (const route of grantedResourceRoutes) {
      it(`${routeKey(route)} is allowed (${route.config.permission?.join(':')})`, async () => {
        const caller = await as(h.app, user.login);
        const { url, body } = await requestFor(route);
        const res = await caller.request(route.method, url, body);
        const visto = `${route.method} ${url} → ${res.status} ${res.text}`;
        if (user.login === DEMO.transportador.login && (res.status === 403 || res.status === 404)) {
          // The fixtures' records are shipper A's, not the carrier's own: the role lets the call past the
          // permission check and the ownership rules (transportadores/propriedade.ts) or the carrier's scope
          // then refuse it — with their own reason, never the missing-permission answer.
          expect(res.body.message, visto).not.toBe(MSG.semPermissao);
          return;
        }
        expect(res.status, visto).toBeGreaterThanOrEqual(200);
        expect(res.status, visto).toBeLessThan(300);
      });
    }
  });
}

// GET routes that change state (the contract's commands that use GET: liberar, cancelar, finish…) declare
// it (`config.escrita`; every declared action does by itself), and a flagged route is refused cross-site
// exactly like a POST (plugins/auth/mesma-origem.ts): a link on another site must not run a command
// with the user's cookie. Which GETs write is observed, not assumed: each one runs once as shipper A's
// administrator on its own records, and whatever wrote without the flag fails.
describe('GET routes that write', () => {
  const gets = h.routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/v1/') && !r.config.public);
  const flagged = gets.filter((r) => r.config.escrita === true);

  /** No queue task left running: its writes would be taken for the next request's. */
  const filaOciosa = () =>
    expect
      .poll(async () => (await h.rows<{ n: number }>(sql`select count(*)::int as n from tarefas where status in (1, 2)`))[0].n, {
        timeout: 60_000,
        interval: 50,
      })
      .toBe(0);

  it('every declared action carries the flag, GET ones included', () => {
    const acoes = h.resources.flatMap((x) => (x.def.actions ?? []).map((a) => ({ method: a.method ?? 'POST', url: `${x.item}/${a.path}` })));
    const semFlag = acoes.filter((a) => !h.routes.find((r) => r.method === a.method && r.url === a.url)?.config.escrita).map(routeKey);
    expect(semFlag).toEqual([]);
    expect(flagged.map(routeKey)).toEqual(
      expect.arrayContaining(['GET /api/v1/fila-tarefas/:uid/cancelar', 'GET /api/v1/fatura/pre-fatura/liberar/:uid', 'GET /api/v1/fatura/validar/:uid']),
    );
  });

  for (const route of gets.filter((r) => !r.config.escrita)) {
    it(`${routeKey(route)} writes nothing (otherwise it must declare config.escrita)`, async () => {
      const { url } = await requestFor(route);
      await filaOciosa();
      const writes = await watchWrites(h.db);
      const res = await h.admin.get(url);
      expect(await writes(), `GET ${url} → ${res.status} gravou: declare config: { escrita: true } na rota`).toEqual([]);
    });
  }

  for (const route of flagged) {
    it(`${routeKey(route)} from another site (Origin, Sec-Fetch-Site, Referer; GET and HEAD) → 403, nothing written`, async () => {
      const { url } = await requestFor(route);
      await filaOciosa();
      const writes = await watchWrites(h.db);
      for (const headers of [
        { 'sec-fetch-site': 'cross-site' } as Record<string, string>,
        { 'sec-fetch-site': 'same-site' },
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/pagina' },
      ]) {
        for (const method of ['GET', 'HEAD']) {
          const res = await h.admin.request(method, url, undefined, { headers });
          expect(res.status, `${method} ${url} com ${JSON.stringify(headers)} → ${res.status} ${res.text}`).toBe(403);
          if (method === 'GET') expect(res.body).toMatchObject({ success: false, code: 'OUTRA_ORIGEM' });
        }
      }
      expect(await writes(), 'a requisição recusada gravou algo').toEqual([]);
    });
  }
});

describe('without a session', () => {
  const closed = h.routes.filter((r) => isApi(r) && !r.config.public);
  it('there are protected routes', () => expect(closed.length).toBeGreaterThan(10));

  const callers = [
    { quem: 'no credentials', auth: undefined },
    {
      quem: 'a forged session cookie',
      auth: 'authjs.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.forjado.forjado.forjado.forjado',
    },
    { quem: 'an unknown API token', auth: { bearer: 'fretio_tokenQueNaoExiste0123456789abcdef' } },
    { quem: 'a bearer that is not a session', auth: { bearer: 'qualquer-coisa' } },
  ];
  for (const route of closed) {
    it(`${routeKey(route)} → 401`, async () => {
      const values = Object.fromEntries(paramNames(route.url).map((p) => [p, anyValidParam(route, p)]));
      const url = fillUrl(route.url, values);
      const body = WRITE.has(route.method) && route.method !== 'DELETE' ? (isZod(route.schema.body) ? {} : undefined) : undefined;
      const writes = await watchWrites(h.db);
      for (const c of callers) {
        const res = await api(h.app, c.auth).request(route.method, url, body);
        expect(res.status, `${route.method} ${url} com ${c.quem} → ${res.status} ${res.text}`).toBe(401);
        expect(res.body).toEqual({ success: false, message: MSG.naoAutorizado, errorCode: 401, code: 'UNAUTHENTICATED' });
      }
      expect(await writes()).toEqual([]);
    });
  }

  it('a session stops working as soon as its user is inactivated', async () => {
    // The JWT cannot be revoked, but the context is rebuilt per request from the user's status.
    const cookie = await as(h.app, DEMO.operador.login);
    expect((await cookie.get('/api/v1/centros-custo')).status).toBe(200);
    await h.rows(sql`update usuarios set status_usuario = ${USUARIO_STATUS.INATIVO} where login = ${DEMO.operador.login}`);
    try {
      const res = await cookie.get('/api/v1/centros-custo');
      expect(res.status).toBe(401);
    } finally {
      await h.rows(sql`update usuarios set status_usuario = ${USUARIO_STATUS.ATIVO} where login = ${DEMO.operador.login}`);
    }
  });
});
