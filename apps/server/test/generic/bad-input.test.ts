import { afterAll, describe, expect, it } from 'vitest';
import { MSG, z } from '@fretio/core';
import { type Body, fixtures } from '../fixtures.ts';
import type { RouteInfo } from '../support/db.ts';
import {
  type Harness,
  anyValidParam,
  createHarness,
  fillUrl,
  isUidParam,
  isZod,
  missingFixtureMessage,
  ownedParams,
  paramNames,
  routeKey,
  updateBody,
} from '../support/harness.ts';
import { watchWrites } from '../support/state.ts';

// Bad input, for every route of the table that takes a zod body: missing fields, wrong types,
// overlong text and invalid documents/CEP/uids answer 400 with errors[] naming the field in
// Portuguese — never 500 — and nothing is written. Cases are derived from the body's JSON schema
// (z.toJSONSchema, io 'input') and the field names; valid bodies come from test/fixtures.ts.
// Also: invalid uids in the path, malformed JSON, and list query strings (ftr_, ssf, sso, pc, pps).

const h: Harness = await createHarness();
afterAll(() => h.close());

const WRITE = new Set(['POST', 'PUT', 'PATCH']);
const isApi = (r: RouteInfo) => r.url.startsWith('/api/') && !r.url.startsWith('/api/auth/') && !r.url.startsWith('/api/docs');
const bodyRoutes = h.routes.filter((r) => isApi(r) && WRITE.has(r.method) && isZod(r.schema.body));

// Public routes are rate limited per address; every request here comes from its own.
let ipSeq = 0;
const nextIp = () => {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

// English left over from a library default is a bug: the user reads these messages.
const ENGLISH = /\b(invalid|expected|required|received|must|should|too (big|small)|characters)\b/i;

type JS = {
  type?: string | string[];
  anyOf?: JS[];
  oneOf?: JS[];
  allOf?: JS[];
  properties?: Record<string, JS>;
  required?: string[];
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
};

const variants = (s: JS): JS[] => {
  const alts = s.anyOf ?? s.oneOf;
  return alts ? alts.flatMap(variants) : s.allOf ? s.allOf.flatMap(variants) : [s];
};
function typesOf(s: JS): Set<string> {
  const out = new Set<string>();
  for (const v of variants(s)) {
    const t = v.type ?? (v.const !== undefined ? typeof v.const : v.enum ? typeof v.enum[0] : undefined);
    for (const x of Array.isArray(t) ? t : t ? [t] : []) out.add(x === 'integer' ? 'number' : x);
  }
  out.delete('null');
  return out;
}
const stringVariant = (s: JS) => variants(s).find((v) => v.type === 'string' || (Array.isArray(v.type) && v.type.includes('string')));

type Field = { path: string[]; name: string; schema: JS; required: boolean };
/**
 * The fields of an object body, nested objects included. A union of several object shapes (a
 * discriminated union such as origem: {tipo: 'UF', uf} | {tipo: 'MUNICIPIO', ibge}) is one field:
 * which inner fields apply depends on the variant.
 */
function fieldsOf(s: JS, prefix: string[] = [], parentRequired = true): Field[] {
  const objects = variants(s).filter((v) => v.properties);
  if (objects.length !== 1) return [];
  const obj = objects[0];
  const out: Field[] = [];
  for (const [k, v] of Object.entries(obj.properties ?? {})) {
    const path = [...prefix, k];
    const required = parentRequired && (obj.required ?? []).includes(k);
    out.push({ path, name: path.join('.'), schema: v, required });
    out.push(...fieldsOf(v, path, required));
  }
  return out;
}

function wrongTypeValue(s: JS): unknown {
  const t = typesOf(s);
  if (!t.size) return undefined; // any: nothing is the wrong type
  const only = (...xs: string[]) => [...t].every((x) => xs.includes(x));
  if (only('string')) return 12345; // a number where text is expected
  if (only('boolean')) return 'talvez'; // text where a flag is expected
  if (only('number')) return 'abc';
  if (only('object') || only('array')) return 'texto';
  const candidates: [string, unknown][] = [
    ['boolean', true],
    ['object', { a: 1 }],
    ['array', [1]],
    ['number', 12345],
    ['string', 'abc'],
  ];
  return candidates.find(([k]) => !t.has(k))?.[1];
}

/** Values that must be refused, by what the field's name says it holds. */
function invalidByName(f: Field): [string, unknown][] {
  const key = f.path[f.path.length - 1];
  const sv = stringVariant(f.schema);
  if (!sv) return [];
  const out: [string, unknown][] = [];
  if (/cnpj/i.test(key))
    out.push(
      ['CNPJ com dígitos iguais', '11111111111111'],
      ['CNPJ com dígito verificador errado', '11222333000180'],
      ['CNPJ curto', '1122233300018'],
    );
  if (/cpf/i.test(key)) out.push(['CPF com dígitos iguais', '11111111111'], ['CPF com dígito verificador errado', '12345678900']);
  if (/documento/i.test(key)) out.push(['documento com dígitos iguais', '11111111111111'], ['documento curto', '123456']);
  if (/cep/i.test(key)) out.push(['CEP curto', '1234'], ['CEP longo', '1234567890'], ['CEP com letras', 'abcdefgh']);
  if (/uid$/i.test(key))
    out.push(
      ['uid malformado', 'abc'],
      ['uid nulo (versão 0)', '00000000-0000-0000-0000-000000000000'],
      ['uid versão 7', '0190f3c4-8a1b-7c2d-9e3f-123456789abc'],
    );
  if (sv.format === 'email') out.push(['e-mail sem @', 'nao-e-um-email']);
  return out;
}

const setAt = (body: Body, path: string[], value: unknown): Body => {
  const copy = structuredClone(body ?? {});
  let o: Record<string, unknown> = copy;
  for (const k of path.slice(0, -1)) {
    if (typeof o[k] !== 'object' || o[k] === null) o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  o[path[path.length - 1]] = value;
  return copy;
};
const without = (body: Body, path: string[]): Body => {
  const copy = structuredClone(body ?? {});
  let o: Record<string, unknown> = copy;
  for (const k of path.slice(0, -1)) {
    if (typeof o[k] !== 'object' || o[k] === null) return copy;
    o = o[k] as Record<string, unknown>;
  }
  delete o[path[path.length - 1]];
  return copy;
};

/** The record route of a declared resource, or its collection. */
const resourceOf = (route: RouteInfo) => h.resources.find((r) => r.collection === route.url || r.item === route.url);

type RouteCtx = { url: string; values: Record<string, string>; baseline?: Body; resource: boolean };
const ctxCache = new Map<string, Promise<RouteCtx>>();
/** URL naming a real record of shipper A (a write that slipped through would show) and a valid body. */
async function baselineBody(route: RouteInfo, values: Record<string, string>, routeBody?: Body): Promise<Body | undefined> {
  if (routeBody) return routeBody;
  const res = resourceOf(route);
  if (!res) return undefined;
  const fx = fixtures[res.path];
  if (!fx) return undefined; // reported once, by 'a valid body exists'
  if (route.method === 'POST' && route.url === res.collection) return fx.body?.(h, { parent: values.uid });
  if (route.url === res.item) {
    const uid = res.nested ? values.childUid : values.uid;
    return updateBody(h, { path: res.path, uid, parent: res.nested ? values.uid : undefined, collectionUrl: '', itemUrl: '' });
  }
  return undefined;
}
function routeCtx(route: RouteInfo): Promise<RouteCtx> {
  const key = routeKey(route);
  let p = ctxCache.get(key);
  if (!p) {
    p = (async () => {
      const { values, body } = await ownedParams(h, route);
      const baseline = await baselineBody(route, values, body);
      return { url: fillUrl(route.url, values), values, baseline, resource: !!resourceOf(route) };
    })();
    ctxCache.set(key, p);
  }
  return p;
}

async function expectRefused(route: RouteInfo, url: string, payload: unknown, field: string | null, opts: { raw?: boolean } = {}) {
  const writes = await watchWrites(h.db);
  const res = await h.admin.request(route.method, url, payload, {
    ip: nextIp(),
    raw: opts.raw,
    headers: opts.raw ? { 'content-type': 'application/json' } : undefined,
  });
  const shown = `${route.method} ${url} ${opts.raw ? String(payload) : JSON.stringify(payload)} → ${res.status} ${res.text}`;
  expect(res.status, shown).toBe(400);
  expect(res.body, shown).toMatchObject({ success: false, errorCode: 400 });
  expect(res.body.message, shown).not.toMatch(ENGLISH);
  if (field !== null) {
    const errors = (res.body.errors ?? []) as { field: string; message: string }[];
    const mine = errors.filter((e) => e.field === field || e.field.startsWith(`${field}.`));
    expect(mine.length, `errors[] não nomeia o campo '${field}': ${shown}`).toBeGreaterThan(0);
    for (const e of mine) {
      expect(e.message, shown).toMatch(/\S/);
      expect(e.message, `mensagem em inglês para '${field}': ${shown}`).not.toMatch(ENGLISH);
    }
  }
  expect(await writes(), `a requisição recusada gravou algo: ${shown}`).toEqual([]);
}

describe('JSON bodies', () => {
  it('there are body routes to check', () => {
    expect(bodyRoutes.map(routeKey)).toEqual(expect.arrayContaining(['POST /api/v1/centros-custo', 'PUT /api/v1/centros-custo/:uid']));
  });

  for (const route of bodyRoutes) {
    const schema = route.schema.body as z.ZodType;
    const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JS;
    const fields = fieldsOf(js);
    const requiredTop = fields.filter((f) => f.required && f.path.length === 1);

    describe(routeKey(route), () => {
      it('a valid body exists (fixture) when the route belongs to a resource', async () => {
        const c = await routeCtx(route);
        const res = resourceOf(route);
        if (res && !fixtures[res.path]) throw new Error(missingFixtureMessage(res.path, res.def));
        if (c.resource) {
          expect(c.baseline, `sem corpo válido para ${routeKey(route)}`).toBeDefined();
          expect(schema.safeParse(c.baseline).error?.issues ?? [], `o corpo da fixture é inválido para ${routeKey(route)}`).toEqual([]);
        }
      });

      it('malformed JSON, an array or a bare string → 400', async () => {
        const { url } = await routeCtx(route);
        await expectRefused(route, url, '{"nome": ', null, { raw: true });
        await expectRefused(route, url, '[]', null, { raw: true });
        await expectRefused(route, url, '"texto"', null, { raw: true });
      });

      if (requiredTop.length) {
        it(`{} → 400 naming every required field (${requiredTop.map((f) => f.name).join(', ')})`, async () => {
          const { url } = await routeCtx(route);
          const writes = await watchWrites(h.db);
          const res = await h.admin.request(route.method, url, {}, { ip: nextIp() });
          expect(res.status, res.text).toBe(400);
          const named = new Set(((res.body.errors ?? []) as { field: string }[]).map((e) => e.field));
          for (const f of requiredTop) expect(named.has(f.name), `errors[] não nomeia '${f.name}': ${res.text}`).toBe(true);
          expect(await writes()).toEqual([]);
        });
        for (const f of requiredTop) {
          it(`without ${f.name} → 400`, async () => {
            const { url, baseline } = await routeCtx(route);
            await expectRefused(route, url, without(baseline ?? {}, f.path), f.name);
          });
        }
      }

      // PostgreSQL text cannot hold U+0000: the server must refuse it as input, not fail on it.
      const texto = fields.find(
        (f) =>
          stringVariant(f.schema) &&
          !stringVariant(f.schema)?.pattern &&
          !stringVariant(f.schema)?.format &&
          !stringVariant(f.schema)?.enum &&
          !invalidByName(f).length,
      );
      if (texto) {
        it(`${texto.name} with a NUL character (\\u0000) → 400, not 500`, async () => {
          const { url, baseline } = await routeCtx(route);
          // Any 400 will do (another check may come first); a 500 or a write will not.
          await expectRefused(route, url, setAt(baseline ?? {}, texto.path, 'antes\u0000depois'), null);
        });
      }

      for (const f of fields) {
        const wrong = wrongTypeValue(f.schema);
        if (wrong !== undefined) {
          it(`${f.name} = ${JSON.stringify(wrong)} (wrong type) → 400`, async () => {
            const { url, baseline } = await routeCtx(route);
            await expectRefused(route, url, setAt(baseline ?? {}, f.path, wrong), f.name);
          });
        }
        const sv = stringVariant(f.schema);
        if (sv?.maxLength !== undefined) {
          const max = sv.maxLength;
          it(`${f.name} with ${max + 1} characters (max ${max}) → 400`, async () => {
            const { url, baseline } = await routeCtx(route);
            await expectRefused(route, url, setAt(baseline ?? {}, f.path, 'x'.repeat(max + 1)), f.name);
          });
          // The other edge: what the schema accepts, the database must store (varchar sizes).
          if (!sv.pattern && !sv.format && !sv.enum && !invalidByName(f).length && sv.const === undefined) {
            it(`${f.name} with exactly ${max} characters is stored (no database size below the schema's)`, async (t) => {
              const c = await routeCtx(route);
              if (!c.resource || !c.baseline) return t.skip('sem fixture de recurso: a resposta de sucesso é desconhecida');
              const value = `${h.seq()}`.padEnd(max, 'a').slice(0, max);
              // A fresh body: unique values again, so the write can succeed.
              const body = setAt((await baselineBody(route, c.values)) ?? {}, f.path, value);
              if (!schema.safeParse(body).success) return t.skip('o valor de borda não passa no próprio schema (regra além do tamanho)');
              const res = await h.admin.request(route.method, c.url, body, { ip: nextIp() });
              const shown = `${route.method} ${c.url} ${f.name}=${max} caracteres → ${res.status} ${res.text}`;
              if (res.status >= 200 && res.status < 300) return;
              // A business rule may still refuse the value (e.g. a UF that is not the município's),
              // but by naming a field; a column too short answers a bare 400 or a 500.
              expect([400, 409], shown).toContain(res.status);
              expect(res.body.errors?.length ?? 0, shown).toBeGreaterThan(0);
            });
          }
        }
        for (const [what, value] of invalidByName(f)) {
          it(`${f.name} = ${JSON.stringify(value)} (${what}) → 400`, async () => {
            const { url, baseline } = await routeCtx(route);
            await expectRefused(route, url, setAt(baseline ?? {}, f.path, value), f.name);
          });
        }
      }
    });
  }
});

const PATH_MESSAGES: string[] = [
  MSG.parametrosInvalidos,
  MSG.embarcadorNaoInformado,
  MSG.transportadorNaoInformado,
  MSG.regiaoNaoInformado,
];

describe('uids in the path', () => {
  const withUid = h.routes.filter((r) => r.url.startsWith('/api/v1/') && paramNames(r.url).some((p) => isUidParam(r, p)));
  it('there are routes with uids', () => expect(withUid.length).toBeGreaterThan(3));
  for (const route of withUid) {
    for (const p of paramNames(route.url).filter((x) => isUidParam(route, x))) {
      it(`${routeKey(route)} with :${p} = 'abc' or a version-0 uid → 400`, async () => {
        for (const bad of ['abc', '00000000-0000-0000-0000-000000000000', `${crypto.randomUUID()}x`]) {
          const values = Object.fromEntries(paramNames(route.url).map((x) => [x, x === p ? bad : anyValidParam(route, x)]));
          const url = fillUrl(route.url, values);
          const body = WRITE.has(route.method) ? {} : undefined;
          const writes = await watchWrites(h.db);
          const res = await h.admin.request(route.method, url, body, { ip: nextIp() });
          expect(res.status, `${route.method} ${url} → ${res.status} ${res.text}`).toBe(400);
          expect(res.body, res.text).toMatchObject({ success: false, errorCode: 400 });
          // 'Parametros inválidos' (CONVENTIONS), or the specification's own word for a missing parent.
          expect(PATH_MESSAGES, res.text).toContain(res.body.message);
          expect(
            (res.body.errors ?? []).map((e: { field: string }) => e.field),
            res.text,
          ).toContain(p);
          expect(await writes()).toEqual([]);
        }
      });
    }
  }
});

describe('list query strings', () => {
  const lists = h.routes.filter(
    (r) => r.method === 'GET' && r.url.startsWith('/api/v1/') && (r.schema.querystring as { shape?: Record<string, unknown> })?.shape?.ssf,
  );
  it('there are lists', () => expect(lists.map(routeKey)).toContain('GET /api/v1/centros-custo'));
  const cases: [string, Record<string, string>, string][] = [
    ['an unknown ftr_ filter', { ftr_campoQueNaoExiste: 'x' }, 'ftr_campoQueNaoExiste'],
    ['an unknown sort field', { ssf: 'campoQueNaoExiste' }, 'ssf'],
    ['a sort field that is SQL', { ssf: 'nome; drop table usuarios' }, 'ssf'],
    ['sso=lateral', { sso: 'lateral' }, 'sso'],
    ['pc=0', { pc: '0' }, 'pc'],
    ['pc=abc', { pc: 'abc' }, 'pc'],
    ['pps=0', { pps: '0' }, 'pps'],
    ['pps=100000 (above the cap)', { pps: '100000' }, 'pps'],
  ];
  for (const route of lists) {
    it(`${routeKey(route)}: ${cases.map((c) => c[0]).join(', ')} → 400`, async () => {
      const { values, unknown } = await ownedParams(h, route);
      const res = resourceOf(route);
      if (unknown.length && res && !fixtures[res.path]) throw new Error(missingFixtureMessage(res.path, res.def));
      const url = fillUrl(route.url, values);
      const ok = await h.admin.get(url);
      expect(ok.status, `${url} sem parâmetros → ${ok.status} ${ok.text}`).toBe(200);
      for (const [what, query, field] of cases) {
        const res = await h.admin.get(url, query);
        expect(res.status, `${url} com ${what} → ${res.status} ${res.text}`).toBe(400);
        expect(res.body).toMatchObject({ success: false, errorCode: 400, message: MSG.parametrosInvalidos });
        expect(
          (res.body.errors ?? []).map((e: { field: string }) => e.field),
          `${what}: ${res.text}`,
        ).toContain(field);
      }
    });
  }
});
