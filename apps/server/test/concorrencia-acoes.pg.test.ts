import { getTableColumns, getTableName } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { STATUS, type StatusKey } from '@fretio/core';
import type { ActionDef, ResourceDef } from '../src/framework/resource.ts';
import { fixtures } from './fixtures.ts';
import type { RouteInfo } from './support/db.ts';
import { type Harness, createHarness, fillUrl, ownedParams, routeKey, updateBody } from './support/harness.ts';

// Write races on the declared commands (issue 7, fault 8), on a real PostgreSQL: the embedded database
// has one connection and cannot show them. For every route that runs a command on one record (every
// declared action, and the contract's GET commands that run one), two identical requests are sent while
// a third connection holds the record's row lock; both wait on it, then race. Whatever the command:
// nothing answers 5xx, and every success that did something left its audit row. When the pair changed
// the record's status (a transition), it happened once: one success, one audit row, and the other
// request got 409 — or 200 for a status PUT that found the record already in the status asked
// (`atualizarstatus` is idempotent by design), which then wrote nothing.
const naPostgres = inject('fretioTestDb')?.kind === 'postgres';

type Row = Record<string, unknown>;
type Alvo = { route: RouteInfo; res: ResourceDef; acao?: ActionDef };

const h = (naPostgres ? await createHarness() : undefined) as Harness;
afterAll(() => h?.close());

describe.runIf(naPostgres)('two identical commands at once on one record', () => {
  const pool = (h.db as unknown as { $client: pg.Pool }).$client;

  // Each command route with the resource that owns its record: the declared actions by their URL, the
  // hand-written ones (contract paths such as /fatura/pre-fatura/liberar/:uid) by the longest collection prefix.
  const alvos: Alvo[] = h.routes
    .filter((r) => r.config.escrita === true && r.url.includes(':uid') && r.config.permission?.[1] !== 'ler')
    .flatMap((route) => {
      for (const x of h.resources) {
        const acao = (x.def.actions ?? []).find((a) => route.url === `${x.item}/${a.path}` && route.method === (a.method ?? 'POST'));
        if (acao) return [{ route, res: x.def, acao }];
      }
      const dono = h.resources.filter((x) => route.url.startsWith(`${x.collection}/`)).sort((a, b) => b.collection.length - a.collection.length)[0];
      return dono ? [{ route, res: dono.def }] : [];
    });

  const exercidas: string[] = [];
  const naoExercidas: string[] = [];

  /** The table and uid column as PostgreSQL names them (the schema is declared in camelCase, stored snake_case). */
  const nomes = (def: ResourceDef) => ({ tabela: getTableName(def.table), uid: def.uid.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) });
  async function linha(def: ResourceDef, uid: string): Promise<Row | undefined> {
    const n = nomes(def);
    const { rows } = await pool.query(`select * from "${n.tabela}" where "${n.uid}" = $1`, [uid]);
    return rows[0];
  }
  /** Audit rows of the record: the action's own when it is declared (a command may audit related changes too). */
  const auditorias = async (uid: string, acao?: string) =>
    Number(
      (await pool.query('select count(*)::int as n from auditoria_sistema where registro_uid = $1 and ($2::text is null or acao = $2)', [uid, acao ?? null]))
        .rows[0].n,
    );

  type Pedido = () => Promise<{ status: number; text: string }>;
  /** Both requests wait on the row lock a third connection holds, then race for it once it commits. */
  async function emCorrida(def: ResourceDef, uid: string, pedido: Pedido, outro: Pedido = pedido) {
    const outra = await pool.connect();
    try {
      await outra.query('begin');
      const n = nomes(def);
      await outra.query(`select 1 from "${n.tabela}" where "${n.uid}" = $1 for update`, [uid]);
      let prontas = 0;
      const par = [pedido(), outro()].map((p) => p.finally(() => prontas++));
      // Both blocked on the lock (a request refused before it locks, e.g. 400 on its body, is simply done).
      await expect
        .poll(
          async () =>
            prontas +
            Number(
              (
                await pool.query(
                  "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
                )
              ).rows[0].n,
            ),
          { timeout: 20_000, interval: 10 },
        )
        .toBeGreaterThanOrEqual(2);
      await outra.query('commit');
      return await Promise.all(par);
    } catch (e) {
      await outra.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      outra.release();
    }
  }

  /** Bodies to try: a status action gets each status its machine allows from the current one. */
  function corpos(a: Alvo, atual: Row | undefined, corpoFixture: unknown): unknown[] {
    const t = a.acao?.transicao;
    if (!t || !atual) return [corpoFixture ?? (a.route.method === 'GET' ? undefined : {})];
    const de = STATUS[t.maquina as StatusKey].values.find((s) => s.value === atual[t.campo]);
    return (de?.next ?? []).map((status) => ({ status, justificativa: 'Duas pessoas ao mesmo tempo' }));
  }

  for (const a of alvos) {
    it(`${routeKey(a.route)}`, async () => {
      const { values, body } = await ownedParams(h, a.route);
      const url = fillUrl(a.route.url, values);
      const uid = a.route.url.includes(':childUid') ? values.childUid : values.uid;
      const campo = a.acao?.transicao?.campo ?? ('status' in getTableColumns(a.res.table) ? 'status' : undefined);
      let visto = 'nenhum corpo a tentar';
      for (const corpo of corpos(a, await linha(a.res, uid), body)) {
        const antes = await linha(a.res, uid);
        const nomeAuditoria = a.acao && (a.acao.auditoria ?? a.acao.path);
        const audit0 = await auditorias(uid, nomeAuditoria);
        const respostas = await emCorrida(a.res, uid, () => h.admin.request(a.route.method, url, corpo));
        const depois = await linha(a.res, uid);
        const novasAuditorias = (await auditorias(uid, nomeAuditoria)) - audit0;
        const codigos = respostas.map((r) => r.status).sort();
        visto = `${JSON.stringify(corpo)} → ${respostas.map((r) => `${r.status} ${r.text.slice(0, 160)}`).join(' | ')}; ${novasAuditorias} auditoria(s)`;
        expect(codigos.filter((c) => c >= 500), visto).toEqual([]);
        const sucessos = codigos.filter((c) => c < 300).length;
        if (!sucessos) {
          expect(novasAuditorias, `recusadas, mas auditadas: ${visto}`).toBe(0);
          continue; // this record cannot take this command (its precondition): try the next body
        }
        exercidas.push(routeKey(a.route));
        if (campo && antes?.[campo] !== depois?.[campo]) {
          // A transition: it happened once.
          expect(novasAuditorias, `a transição foi auditada ${novasAuditorias} vezes: ${visto}`).toBe(1);
          // The other one found it done: 409, or 200 as a no-op (the same status asked twice; it audited nothing).
          if (sucessos === 2) expect(codigos, visto).toEqual([200, 200]);
          else expect(codigos[1], visto).toBe(409);
        } else if (nomeAuditoria) {
          // Not a transition (a copy, a simulation, a new version): every success did its work and audited it.
          expect(novasAuditorias, visto).toBe(sucessos);
        } else expect(novasAuditorias, visto).toBeGreaterThanOrEqual(sucessos);
        return;
      }
      naoExercidas.push(`${routeKey(a.route)}: ${visto}`);
    });
  }

  it('the race ran on the commands a fresh record can take (the rest need a longer history)', () => {
    console.info(`corridas: ${exercidas.length} comandos exercidos; sem pré-condição num registro novo: ${naoExercidas.length}\n  ${naoExercidas.join('\n  ')}`);
    expect(alvos.length).toBeGreaterThan(20);
    expect(exercidas).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/tabelasfrete/:uid/atualizarstatus',
        'GET /api/v1/fatura/pre-fatura/cancelar/:uid',
        'GET /api/v1/rpa/:uid/emitir',
      ]),
    );
  });
  // The framework's own writes: a change and a delete of the same record at once, for every resource that
  // has both. Whichever gets the lock first wins; the other judges what was committed — never a 5xx, and
  // the record is gone (for its owner) exactly when the delete succeeded.
  describe('a PUT and a DELETE of one record at once', () => {
    const pares = h.resources.filter((r) => r.routes.update && r.routes.delete && fixtures[r.path]);
    it('there are resources to race', () => expect(pares.length).toBeGreaterThan(20));
    for (const r of pares) {
      it(r.path, async () => {
        const rec = await h.create(r.path);
        const corpo = await updateBody(h, rec);
        const [put, del] = await emCorrida(
          r.def,
          rec.uid,
          () => h.admin.put(rec.itemUrl, corpo),
          () => h.admin.delete(rec.itemUrl),
        );
        const visto = `PUT ${put.status} ${put.text.slice(0, 200)} | DELETE ${del.status} ${del.text.slice(0, 200)}`;
        expect([put.status, del.status].filter((c) => c >= 500), visto).toEqual([]);
        // Gone as the API sees it (a delete may remove the caller's link, not the row: a user's membership).
        const existe = r.routes.get ? (await h.admin.get(rec.itemUrl)).status === 200 : (await linha(r.def, rec.uid)) !== undefined;
        // (A delete may also only inactivate: a carrier's user stays readable, Inativo, for its owner.)
        if (!existe) expect(del.status, visto).toBeLessThan(300);
        if (del.status >= 300) expect(existe, visto).toBe(true);
        if (del.status < 300) expect([200, 404], visto).toContain(put.status);
      });
    }
  });
});
