import { getTableColumns, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtures, routeFixtures } from '../fixtures.ts';
import {
  FIXTURES_FILE,
  type Harness,
  createHarness,
  isZod,
  missingFixtureMessage,
  needsFixture,
  ownedParams,
  paramNames,
  routeKey,
  storedRow,
  updateBody,
  fillUrl,
  isUidParam,
} from '../support/harness.ts';
import { watchWrites } from '../support/state.ts';

// Tenant isolation, for every route of the table: a record of shipper A, addressed by its uid by
// the administrator of shipper B (every permission, another shipper), answers 404 — read, change
// or delete — and stays exactly as it was. CONVENTIONS.md: "a uid of another shipper's record
// answers 404 (never reveal which)".

const h: Harness = await createHarness();
afterAll(() => h.close());

const notFound = (res: { status: number; body: any }, what: string) => {
  expect(res.status, `${what} → ${res.status} ${JSON.stringify(res.body)}`).toBe(404);
  expect(res.body).toMatchObject({ success: false, errorCode: 404 });
};

describe('registered resources', () => {
  const needing = h.resources.filter(needsFixture);
  it('the route table has resources to check', () => {
    expect(needing.map((r) => r.path)).toEqual(expect.arrayContaining(['/centros-custo', '/departamentos']));
  });

  for (const r of needing) {
    it(`${r.path}: shipper B cannot read, change or delete shipper A's record`, async () => {
      if (!fixtures[r.path]) throw new Error(missingFixtureMessage(r.path, r.def));
      const rec = await h.create(r.path);
      const ownerCanSee = r.routes.get
        ? (await h.admin.get(rec.itemUrl)).status
        : r.routes.list
          ? ((await h.admin.get(rec.collectionUrl, { pps: 500 })).body?.data?.data ?? []).some((x: { uid: string }) => x.uid === rec.uid)
            ? 200
            : 0
          : 200;
      // Otherwise a 404 for B would prove nothing.
      expect(ownerCanSee, `o próprio embarcador A não enxerga o registro ${rec.itemUrl}`).toBe(200);

      // Bodies first: a fixture body may create what it refers to.
      const putBody = r.routes.update ? await updateBody(h, rec) : undefined;
      const postBody = r.nested && r.routes.create ? await fixtures[r.path].body?.(h, { parent: rec.parent }) : undefined;
      const row = await storedRow(h, r, rec.uid);
      const writes = await watchWrites(h.db);

      if (r.routes.get) notFound(await h.outro.get(rec.itemUrl), `GET ${rec.itemUrl} pelo embarcador B`);
      if (r.routes.update) notFound(await h.outro.put(rec.itemUrl, putBody), `PUT ${rec.itemUrl} pelo embarcador B`);
      if (r.routes.delete) notFound(await h.outro.delete(rec.itemUrl), `DELETE ${rec.itemUrl} pelo embarcador B`);
      if (r.nested) {
        if (r.routes.list) notFound(await h.outro.get(rec.collectionUrl), `GET ${rec.collectionUrl} pelo embarcador B`);
        if (postBody) notFound(await h.outro.post(rec.collectionUrl, postBody), `POST ${rec.collectionUrl} pelo embarcador B`);
      } else if (r.routes.list) {
        const list = await h.outro.get(rec.collectionUrl, { pps: 500 });
        expect(list.status).toBe(200);
        expect(list.body.data.data.map((x: { uid: string }) => x.uid)).not.toContain(rec.uid);
      }
      expect(await storedRow(h, r, rec.uid), 'o registro do embarcador A mudou').toBe(row);
      expect(await writes(), 'as requisições recusadas gravaram algo').toEqual([]);
      if (r.routes.get) expect((await h.admin.get(rec.itemUrl)).status).toBe(200);
    });
  }
});

describe('a body cannot choose the shipper or the uid of a new record', () => {
  const creatable = h.resources.filter((r) => r.routes.create && fixtures[r.path]?.body && !fixtures[r.path]?.create);
  for (const r of creatable) {
    it(`POST ${r.collection}: embarcadorUid of shipper B and a chosen uid in the body are ignored`, async () => {
      const fx = fixtures[r.path];
      const parent = r.nested ? await fx.parent?.(h) : undefined;
      const body = (await fx.body?.(h, { parent })) ?? {};
      const escolhido = '3f1c2b9e-0000-4000-8000-00000000abcd';
      const inputKeys = Object.keys((r.routes.create?.schema.body as { shape?: object })?.shape ?? {});
      const extras = Object.fromEntries(
        Object.entries({ embarcadorUid: h.embarcadorB, uid: escolhido, criadoEm: '2000-01-01T00:00:00.000Z' }).filter(
          ([k]) => !inputKeys.includes(k),
        ),
      );
      const url = r.nested ? r.collection.replace(':uid', parent as string) : r.collection;
      const res = await h.admin.post(url, { ...body, ...extras });
      expect(res.status, res.text).toBe(201);
      const uid = res.body.data.uid as string;
      expect(uid).not.toBe(escolhido);
      if (res.body.data.criadoEm) expect(res.body.data.criadoEm).not.toMatch(/^2000-/);
      if (r.routes.get) {
        expect((await h.admin.get(`${url}/${uid}`)).status, 'o registro não ficou com quem o criou').toBe(200);
        expect((await h.outro.get(`${url}/${uid}`)).status, 'o registro foi parar no embarcador B').toBe(404);
      }
      if (!r.nested && r.routes.list) {
        const deB = await h.outro.get(r.collection, { pps: 500 });
        expect(deB.body.data.data.map((x: { uid: string }) => x.uid)).not.toContain(uid);
      }
    });
  }
});

describe('other routes that take a uid', () => {
  const resourceRoute = (url: string) => h.resources.some((r) => r.item === url || (r.nested && r.collection === url));
  const custom = h.routes.filter(
    (rt) =>
      rt.url.startsWith('/api/v1/') && !rt.config.public && paramNames(rt.url).some((p) => isUidParam(rt, p)) && !resourceRoute(rt.url),
  );

  for (const route of custom) {
    const key = routeKey(route);
    const rf = routeFixtures[key];
    if (rf?.exempt) {
      it.skip(`${key}: ${rf.exempt}`, () => {});
      continue;
    }
    it(`${key}: shipper B gets ${rf?.expectForOtherShipper ?? 404} for shipper A's uid and nothing changes`, async () => {
      const { values, unknown, body: fixtureBody } = await ownedParams(h, route);
      if (unknown.length) {
        const via = h.resources.find((r) => route.url.startsWith(`${r.item}/`) && !fixtures[r.path]);
        if (via) throw new Error(missingFixtureMessage(via.path, via.def) + ` (o :uid de ${key} vem dela)`);
        throw new Error(
          `${key}: não sei a que registro do embarcador A ${unknown.map((p) => `:${p}`).join(', ')} se refere. ` +
            `Acrescente em routeFixtures (${FIXTURES_FILE}) '${key}': { params: async (h) => ({ ${unknown.map((p) => `${p}: ...`).join(', ')} }) } ` +
            `ou { exempt: 'motivo' }.`,
        );
      }
      let body = fixtureBody;
      if (body === undefined && isZod(route.schema.body)) {
        if (!route.schema.body.safeParse({}).success) {
          throw new Error(`${key}: recebe um corpo JSON; acrescente body: (h, params) => ({ ... }) em routeFixtures (${FIXTURES_FILE}).`);
        }
        body = {};
      }
      const url = fillUrl(route.url, values);
      const writes = await watchWrites(h.db);
      const res = await h.outro.request(route.method, url, body);
      expect(res.status, `${route.method} ${url} pelo embarcador B → ${res.status} ${res.text}`).toBe(rf?.expectForOtherShipper ?? 404);
      expect(await writes(), 'a requisição recusada gravou algo').toEqual([]);
    });
  }
});

// Shared records (issue 7, fault 1). A carrier, its units, users and fleet are shared by every shipper
// linked to it, and global catalogues by every shipper: shipper B, linked to a carrier shipper A
// registered (and maintains), changes none of it and reads no personal data (logins, CPFs, CNH, phones).
// What B says about the carrier (component maps) is B's own and never reaches A's.
type RegraCompartilhada = {
  /** PUT/DELETE of A's record by B. 403: shared, visible, not B's to change; 404: not visible to B at all. */
  alterar: 403 | 404;
  /** POST in A's carrier by B: 403, or 'proprio' (B's own record on its link, invisible to A). */
  incluir?: 403 | 'proprio';
  /** 'publica': B reads it; 'oculta': B neither lists nor reads it; 'mascarada': these fields differ from A's. */
  leitura: 'publica' | 'oculta' | string[];
  /** PUT body beside the fixture's (the worst B could try). */
  corpo?: Record<string, unknown>;
};
const COMPARTILHADOS: Record<string, RegraCompartilhada> = {
  '/transportadores': { alterar: 403, leitura: 'publica' },
  '/transportadores/:uid/unidades': { alterar: 403, incluir: 403, leitura: 'publica' },
  '/transportadores/:uid/usuarios': { alterar: 404, incluir: 403, leitura: 'oculta', corpo: { statusUsuario: 3 } },
  '/transportadores/:uid/motoristas': { alterar: 403, incluir: 403, leitura: ['cpf', 'cnhNumero', 'telefone'] },
  '/transportadores/:uid/veiculos': { alterar: 403, incluir: 403, leitura: 'publica' },
  '/transportadores/:uid/mapasComponente': { alterar: 404, incluir: 'proprio', leitura: 'oculta' },
};

describe("shared records: shipper B, linked to shipper A's carrier, changes nothing and reads no personal data", () => {
  const doTransportador = h.resources.filter((r) => needsFixture(r) && (r.path === '/transportadores' || r.path.startsWith('/transportadores/:uid/')));
  it('every record of a carrier has a rule here', () => {
    const sem = doTransportador.map((r) => r.path).filter((p) => !COMPARTILHADOS[p]);
    expect(sem, `acrescente em COMPARTILHADOS (apps/server/test/generic/isolation.test.ts) a regra de registro compartilhado de: ${sem.join(', ')}`).toEqual([]);
  });

  for (const r of doTransportador) {
    it(`${r.path}: B cannot change A's record${r.nested ? ' nor add to the carrier' : ''}, and reads it as the rule says`, async () => {
      const regra = COMPARTILHADOS[r.path];
      if (!regra) throw new Error(`sem regra de registro compartilhado para ${r.path}`);
      const rec = await h.create(r.path);
      const transportadorUid = r.nested ? (rec.parent as string) : rec.uid;
      const link = await h.outro.post(`/api/v1/embarcadores/${h.embarcadorB}/transportadores`, { transportadorUid });
      expect(link.status, link.text).toBe(201);

      const putBody = r.routes.update ? { ...(await updateBody(h, rec)), ...regra.corpo } : undefined;
      const postBody = r.nested && r.routes.create ? await fixtures[r.path].body?.(h, { parent: rec.parent }) : undefined;
      const row = await storedRow(h, r, rec.uid);
      const writes = await watchWrites(h.db);
      if (r.routes.update) {
        const res = await h.outro.put(rec.itemUrl, putBody);
        expect(res.status, `PUT ${rec.itemUrl} por B → ${res.text}`).toBe(regra.alterar);
      }
      if (r.routes.delete) expect((await h.outro.delete(rec.itemUrl)).status, `DELETE ${rec.itemUrl} por B`).toBe(regra.alterar);
      if (postBody && regra.incluir === 403) expect((await h.outro.post(rec.collectionUrl, postBody)).status, `POST ${rec.collectionUrl} por B`).toBe(403);
      expect(await storedRow(h, r, rec.uid), 'o registro do embarcador A mudou').toBe(row);
      expect(await writes(), 'as requisições recusadas gravaram algo').toEqual([]);

      const deA = (await h.admin.get(rec.itemUrl)).body.data as Record<string, unknown>;
      const lista = r.routes.list ? await h.outro.get(rec.collectionUrl, { pps: 500 }) : undefined;
      const naLista = ((lista?.body?.data?.data ?? []) as Record<string, unknown>[]).find((x) => x.uid === rec.uid);
      const doB = r.routes.get ? await h.outro.get(rec.itemUrl) : undefined;
      if (regra.leitura === 'oculta') {
        if (doB) expect(doB.status).toBe(404);
        expect(naLista, 'B lista o registro do embarcador A').toBeUndefined();
      } else {
        expect(doB?.status).toBe(200);
        for (const campo of Array.isArray(regra.leitura) ? regra.leitura : []) {
          if (deA[campo] === null || deA[campo] === undefined) continue;
          expect(doB?.body.data[campo], `B lê ${campo} de A`).not.toBe(deA[campo]);
          expect(naLista?.[campo], `B lista ${campo} de A`).not.toBe(deA[campo]);
        }
      }
      if (postBody && regra.incluir === 'proprio') {
        const proprio = await h.outro.post(rec.collectionUrl, postBody);
        expect(proprio.status, proprio.text).toBe(201);
        const vistos = (await h.admin.get(rec.collectionUrl, { pps: 500 })).body.data.data.map((x: { uid: string }) => x.uid);
        expect(vistos, 'o que B diz sobre o transportador chegou ao embarcador A').not.toContain(proprio.body.data.uid);
      }
    });
  }
});

// Global catalogue rows (embarcador_uid null: vehicle types, components, modes, holidays) are shared by
// every shipper: none of them changes or deletes one.
const catalogos = await Promise.all(
  h.resources
    .filter((r) => !r.nested && (r.routes.update || r.routes.delete) && 'embarcadorUid' in getTableColumns(r.def.table))
    .map(async (r) => {
      const col = getTableColumns(r.def.table).embarcadorUid;
      const [g] = (await h.db.select({ uid: r.def.uid }).from(r.def.table).where(isNull(col)).limit(1)) as { uid: string }[];
      return g ? { r, uid: g.uid } : null;
    }),
).then((l) => l.filter((x) => x !== null));

describe('global catalogues: no shipper changes a row every shipper relies on', () => {
  it('the known catalogues are covered', () => {
    expect(catalogos.map((c) => c.r.path)).toEqual(expect.arrayContaining(['/tiposveiculo', '/componentes']));
  });
  for (const { r, uid } of catalogos) {
    it(`${r.path}: a global row is refused to shippers A and B and stays as it was`, async () => {
      const itemUrl = r.collection + '/' + uid;
      const body = fixtures[r.path]?.body ? await fixtures[r.path].body?.(h, {}) : {};
      const row = await storedRow(h, r, uid);
      const writes = await watchWrites(h.db);
      for (const quem of [h.outro, h.admin]) {
        // 403 read-only, 409 system row, 404 a null-shipper row no shipper sees (e.g. a template).
        if (r.routes.update) expect([403, 404, 409], `PUT ${itemUrl}`).toContain((await quem.put(itemUrl, body)).status);
        if (r.routes.delete) expect([403, 404, 409], `DELETE ${itemUrl}`).toContain((await quem.delete(itemUrl)).status);
      }
      expect(await storedRow(h, r, uid), 'a linha global mudou').toBe(row);
      expect(await writes(), 'as requisições recusadas gravaram algo').toEqual([]);
    });
  }
});
