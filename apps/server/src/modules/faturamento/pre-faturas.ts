import { and, eq, getTableColumns, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { envelope, FUSO, listaDe, preFatura, preFaturaCte, preFaturaDisponivel, preFaturaDisponiveisQuery, preFaturaInput, preFaturaUpdate, RESULTADO_AUDITORIA as R, statusDef, TIPO_USUARIO, z } from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditorias, embarcadores, preFaturas, transportadores } from '../../db/schema/index.ts';
import { exigirTransicao } from '../../framework/acoes.ts';
import { executarAcao } from '../../framework/crud.ts';
import { type ActionDef, defineResource, type Scope, type Tx } from '../../framework/resource.ts';
import { errorResponses, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador, type RequestContext } from '../../plugins/auth/context.ts';
import { transportadorVinculado } from '../transportadores/repository.ts';
import { atualizarTotaisPreFatura } from '../auditorias/repository.ts';
import { encaminharPreFatura } from '../auditorias/service.ts';
import { notificarPreFaturaLiberada } from './notificacoes.ts';
import { esperasDe, motivoNaoCobravel, sqlCobravel, substitutosDe, TIPO_CTE } from './substituicao.ts';

// Pre-invoices: a carrier's approved (or accepted) CT-es not yet invoiced, grouped automatically by the
// audit or by hand. Released (liberar) it goes to the carrier; cancelled (cancelar) its CT-es return to
// the pool. Only an open one changes.

type Row = Record<string, unknown>;
const NENHUM = '00000000-0000-0000-0000-000000000000';
const ehTransportador = (ctx: RequestContext) => ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR;

/**
 * Shipper users: the active shipper's pre-invoices. Carrier users: their own carrier's, of every shipper
 * that still links it, once released (Liberada or Faturada) — as the balance screen counts them; an open
 * or cancelled one stays the shipper's.
 */
export function preFaturaVisivel(ctx: RequestContext): SQL {
  if (!ehTransportador(ctx)) return eq(preFaturas.embarcadorUid, exigirEmbarcador(ctx));
  return and(
    eq(preFaturas.transportadorUid, ctx.transportadorUid ?? NENHUM), inArray(preFaturas.status, [2, 3]),
    sql`exists (select 1 from embarcador_transportador et where et.embarcador_uid = ${preFaturas.embarcadorUid} and et.transportador_uid = ${preFaturas.transportadorUid})`,
  )!;
}
const escopoPreFatura: Scope = { where: preFaturaVisivel, values: (ctx) => ({ embarcadorUid: exigirEmbarcador(ctx) }) };

/** Building, releasing and cancelling are the shipper's (a carrier role given more than 'ler' is still refused). */
export function exigirUsuarioEmbarcador(ctx: RequestContext) {
  if (ehTransportador(ctx)) throw AppError.forbidden('Operação exclusiva do embarcador.');
}
const escolhidas = new WeakMap<object, string[]>();

export function preFaturaItem(r: Row) {
  const s = statusDef('preFatura', r.status as number);
  return { ...r, transportadorNome: (r.transportadorNome as string | null) ?? null, embarcadorNome: (r.embarcadorNome as string | null) ?? null, valorTotal: Number(r.valorTotal), statusLabel: s?.label ?? '', statusCor: s?.color ?? 'default' };
}

/** Every audit must be the shipper's, of this carrier (and unit), approved or accepted, in no released pre-invoice, its CT-e not cancelled nor replaced. */
async function validarAuditorias(tx: Tx, embarcadorUid: string, transportadorUid: string, unidade: string | null, uids: string[], preFaturaUid: string | null) {
  const unicos = [...new Set(uids)];
  const rows = await tx.select({ uid: auditorias.uid, status: auditorias.status, transportadorUid: auditorias.transportadorUid,
    unidade: auditorias.unidadeTransportadorUid, preFaturaUid: auditorias.preFaturaUid, numero: auditorias.numeroCte, serie: auditorias.serieCte,
    preStatus: preFaturas.status, cteUid: auditorias.cteUid,
    tipoCte: sql<number | null>`(select c.tipo_cte from ctes c where c.uid = ${auditorias.cteUid})`,
    cancelado: sql<boolean>`coalesce((select c.cancelado or c.status = 5 from ctes c where c.uid = ${auditorias.cteUid}), false)`,
    faturado: sql<boolean>`exists (select 1 from fatura_ctes fc where fc.embarcador_uid = ${auditorias.embarcadorUid} and fc.cte_uid = ${auditorias.cteUid})` })
    .from(auditorias).leftJoin(preFaturas, eq(preFaturas.uid, auditorias.preFaturaUid))
    .where(and(eq(auditorias.embarcadorUid, embarcadorUid), inArray(auditorias.uid, unicos))).for('update', { of: auditorias });
  const substitutos = await substitutosDe(tx, embarcadorUid, rows.map((a) => a.cteUid));
  const esperas = await esperasDe(tx, embarcadorUid, rows.map((a) => a.cteUid));
  const erros: string[] = [];
  if (rows.length !== unicos.length) erros.push('Auditoria não encontrada.');
  for (const a of rows) {
    const cte = `CT-e ${a.numero}/${a.serie}`;
    const motivo = a.cancelado ? `${cte} está cancelado.` : (motivoNaoCobravel(cte, a.tipoCte, substitutos.get(a.cteUid)) ?? esperas.get(a.cteUid));
    if (motivo) {
      erros.push(motivo);
      continue;
    }
    if (a.transportadorUid !== transportadorUid) erros.push(`${cte} é de outro transportador.`);
    else if (unidade && a.unidade !== unidade) erros.push(`${cte} é de outra unidade do transportador.`);
    if (a.status !== R.APROVADA && a.status !== R.ACEITA) erros.push(`${cte} não está aprovado nem aceito na auditoria.`);
    if (a.faturado) erros.push(`${cte} já está numa fatura.`);
    if (a.preFaturaUid && a.preFaturaUid !== preFaturaUid && a.preStatus !== 1) erros.push(`${cte} já está numa pré-fatura liberada ou faturada.`);
  }
  if (erros.length) throw AppError.validation([{ field: 'auditoriaUids', message: erros.join(' ') }], erros[0]);
  return rows;
}

async function vincular(tx: Tx, preFaturaUid: string, uids: string[]) {
  const antigas = await tx.selectDistinct({ p: auditorias.preFaturaUid }).from(auditorias).where(and(inArray(auditorias.uid, uids), sql`${auditorias.preFaturaUid} is not null`));
  await tx.update(auditorias).set({ preFaturaUid: null }).where(and(eq(auditorias.preFaturaUid, preFaturaUid), notInArray(auditorias.uid, uids)));
  await tx.update(auditorias).set({ preFaturaUid }).where(inArray(auditorias.uid, uids));
  for (const a of antigas) if (a.p && a.p !== preFaturaUid) await atualizarTotaisPreFatura(tx, a.p);
  await atualizarTotaisPreFatura(tx, preFaturaUid);
}

async function liberarAuditorias(tx: Tx, preFaturaUid: string) {
  await tx.update(auditorias).set({ preFaturaUid: null }).where(eq(auditorias.preFaturaUid, preFaturaUid));
  await atualizarTotaisPreFatura(tx, preFaturaUid);
}

/**
 * Cancelling a released pre-invoice whose CT-es were replaced (or annulled) meanwhile: their audits close now,
 * as the substitute's arrival would have done, and the substitutes that waited flow to the pool (substituicao.ts).
 */
async function cancelarComSubstituidos(tx: Tx, row: Row) {
  const embarcadorUid = row.embarcadorUid as string;
  const daPre = await tx.select({ uid: auditorias.uid, cteUid: auditorias.cteUid }).from(auditorias).where(eq(auditorias.preFaturaUid, row.uid as string));
  const substitutos = await substitutosDe(tx, embarcadorUid, daPre.map((a) => a.cteUid));
  await liberarAuditorias(tx, row.uid as string);
  for (const a of daPre) {
    const s = substitutos.get(a.cteUid);
    if (!s) continue;
    const resumo = s.tipoCte === TIPO_CTE.ANULACAO ? `CT-e anulado pelo CT-e de anulação ${s.numero}/${s.serie}.` : `CT-e substituído pelo CT-e ${s.numero}/${s.serie}.`;
    await tx.update(auditorias).set({ status: R.CANCELADA, resumo, atualizadoEm: sql`now()` }).where(eq(auditorias.uid, a.uid));
    const [daSubstituta] = await tx.select({ uid: auditorias.uid }).from(auditorias).where(and(eq(auditorias.embarcadorUid, embarcadorUid), eq(auditorias.cteUid, s.uid)));
    if (daSubstituta) await encaminharPreFatura(tx, embarcadorUid, daSubstituta.uid);
  }
}

export const preFaturasResource = defineResource({
  nome: 'Pré-fatura',
  path: '/fatura/pre-fatura',
  recurso: 'pre-fatura',
  table: preFaturas,
  uid: preFaturas.uid,
  scope: escopoPreFatura,
  item: preFatura,
  input: preFaturaInput,
  updateInput: preFaturaUpdate,
  select: { ...getTableColumns(preFaturas), transportadorNome: transportadores.nome, embarcadorNome: embarcadores.nome },
  from: (q) => q.leftJoin(transportadores, eq(transportadores.uid, preFaturas.transportadorUid)).leftJoin(embarcadores, eq(embarcadores.uid, preFaturas.embarcadorUid)),
  toItem: preFaturaItem as never,
  refs: { transportadorUid: transportadorVinculado },
  sortable: { criadoEm: preFaturas.criadoEm, valorTotal: preFaturas.valorTotal, status: preFaturas.status, transportadorNome: transportadores.nome },
  defaultSort: 'criadoEm',
  defaultOrder: 'DESC',
  filters: {
    transportadorUid: { column: preFaturas.transportadorUid, kind: 'uid' },
    embarcadorUid: { column: preFaturas.embarcadorUid, kind: 'uid' },
    status: { column: preFaturas.status, kind: 'int' },
    criadoEm: { column: preFaturas.criadoEm, kind: 'date', range: true },
  },
  hooks: {
    async validate(tx, ctx, values, existing) {
      exigirUsuarioEmbarcador(ctx);
      if (existing && existing.status !== 1) throw AppError.conflict(`A pré-fatura está '${statusDef('preFatura', existing.status as number)?.label}': só uma pré-fatura aberta muda.`);
      const uids = values.auditoriaUids as string[] | undefined;
      delete values.auditoriaUids;
      if (!uids) return;
      const transportadorUid = (values.transportadorUid ?? existing?.transportadorUid) as string;
      const unidade = (values.unidadeTransportadorUid ?? existing?.unidadeTransportadorUid ?? null) as string | null;
      await validarAuditorias(tx, exigirEmbarcador(ctx), transportadorUid, unidade, uids, (existing?.uid as string) ?? null);
      escolhidas.set(tx, [...new Set(uids)]);
    },
    async afterWrite(tx, _ctx, row) {
      const uids = escolhidas.get(tx);
      escolhidas.delete(tx);
      if (uids) await vincular(tx, row.uid as string, uids);
    },
    async beforeDelete(tx, ctx, existing) {
      exigirUsuarioEmbarcador(ctx);
      if (existing.status !== 1 && existing.status !== 4) throw AppError.conflict('Só uma pré-fatura aberta ou cancelada pode ser excluída.');
      await liberarAuditorias(tx, existing.uid as string);
    },
  },
});

const acao = (path: string, para: number, summary: string, depois?: (tx: Tx, row: Row) => Promise<void>): ActionDef => ({
  path, method: 'GET', permission: 'alterar', summary,
  async run(tx, ctx, row) {
    exigirUsuarioEmbarcador(ctx);
    // Two users releasing (or cancelling) at once: the second finds it done under the row lock and is told so.
    if (row.status === para) throw AppError.conflict(`A pré-fatura já está '${statusDef('preFatura', para)?.label}'.`, undefined, 'TRANSICAO_INVALIDA');
    exigirTransicao('preFatura', row.status as number, para);
    if (para === 2 && !Number(row.quantidadeCtes)) throw AppError.conflict('A pré-fatura não tem CT-es.');
    await tx.update(preFaturas).set({ status: para, ...(para === 2 ? { liberadaEm: sql`now()` } : {}), atualizadoEm: sql`now()` }).where(eq(preFaturas.uid, row.uid as string));
    await depois?.(tx, row);
    if (para === 2) await notificarPreFaturaLiberada(tx, row.uid as string, ctx.usuarioUid);
    return undefined;
  },
});
const liberar = acao('liberar', 2, 'Libera a pré-fatura para o transportador');
const cancelar = acao('cancelar', 4, 'Cancela a pré-fatura; os CT-es voltam a ficar disponíveis', cancelarComSubstituidos);

export async function preFaturasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Pré-fatura'];
  const params = z.object({ uid: zUidParam });
  for (const a of [liberar, cancelar]) {
    r.get(`/api/v1/fatura/pre-fatura/${a.path}/:uid`, {
      config: { permission: ['pre-fatura', 'alterar'], escrita: true },
      schema: { tags, summary: a.summary, params, response: { 200: envelope(preFatura), ...errorResponses } },
    }, async (req) => ({ success: true as const, message: 'Registro salvo com sucesso.',
      data: (await executarAcao(app.db, preFaturasResource, a, req.ctx as never, req.params.uid, {})) as never }));
  }
  r.get('/api/v1/fatura/pre-fatura/auditorias-disponiveis', {
    config: { permission: ['pre-fatura', 'criar'] },
    schema: { tags, summary: 'CT-es que podem formar uma pré-fatura do transportador',
      description: 'Auditorias aprovadas ou aceitas do transportador (e unidade), fora de fatura e de pré-fatura liberada — as de uma pré-fatura aberta também, e saem dela ao entrar na nova. Até 5.000, das mais antigas.',
      querystring: preFaturaDisponiveisQuery, response: { 200: envelope(listaDe(preFaturaDisponivel)), ...errorResponses } },
  }, async (req) => {
    exigirUsuarioEmbarcador(req.contexto);
    const embarcadorUid = exigirEmbarcador(req.contexto);
    const q = req.query;
    if (!(await transportadorVinculado.existe(app.db as never, req.contexto, q.transportadorUid))) throw AppError.field('transportadorUid', transportadorVinculado.mensagem);
    const rows = await app.db.select({ a: auditorias }).from(auditorias).leftJoin(preFaturas, eq(preFaturas.uid, auditorias.preFaturaUid)).where(and(
      eq(auditorias.embarcadorUid, embarcadorUid), eq(auditorias.transportadorUid, q.transportadorUid), inArray(auditorias.status, [R.APROVADA, R.ACEITA]),
      q.unidadeTransportadorUid ? eq(auditorias.unidadeTransportadorUid, q.unidadeTransportadorUid) : undefined,
      q.emissaoDe ? sql`${auditorias.emissao} >= (${q.emissaoDe}::date::timestamp at time zone ${FUSO})` : undefined,
      q.emissaoAte ? sql`${auditorias.emissao} < ((${q.emissaoAte}::date + 1)::timestamp at time zone ${FUSO})` : undefined,
      sql`(${auditorias.preFaturaUid} is null or ${preFaturas.status} = 1)`,
      sql`not exists (select 1 from fatura_ctes fc where fc.embarcador_uid = ${auditorias.embarcadorUid} and fc.cte_uid = ${auditorias.cteUid})`,
      sql`not exists (select 1 from ctes c where c.uid = ${auditorias.cteUid} and c.fatura_uid is not null)`,
      sqlCobravel(auditorias.cteUid),
    )).orderBy(auditorias.emissao, auditorias.numeroCte).limit(5000);
    return { success: true as const, message: '', data: { totalRecords: rows.length, data: rows.map(({ a }) => ({
      auditoriaUid: a.uid, cteUid: a.cteUid, chaveCte: a.chaveCte, numeroCte: a.numeroCte, serieCte: a.serieCte, emissao: a.emissao,
      valorCobrado: Number(a.valorCobrado), valorEsperado: a.valorEsperado === null ? null : Number(a.valorEsperado), status: a.status,
      statusLabel: statusDef('auditoria', a.status)?.label ?? '', unidadeTransportadorUid: a.unidadeTransportadorUid, preFaturaUid: a.preFaturaUid })) } };
  });
  r.get('/api/v1/fatura/pre-fatura/ctes-list/:uid', {
    config: { permission: ['pre-fatura', 'ler'] },
    schema: { tags, summary: 'CT-es da pré-fatura', params, response: { 200: envelope(listaDe(preFaturaCte)), ...errorResponses } },
  }, async (req) => {
    const [p] = await app.db.select({ uid: preFaturas.uid }).from(preFaturas).where(and(eq(preFaturas.uid, req.params.uid), preFaturaVisivel(req.contexto)));
    if (!p) throw AppError.notFound();
    const rows = await app.db.select().from(auditorias).where(eq(auditorias.preFaturaUid, p.uid)).orderBy(auditorias.emissao);
    return { success: true as const, message: '', data: { totalRecords: rows.length, data: rows.map((a) => ({
      auditoriaUid: a.uid, cteUid: a.cteUid, chaveCte: a.chaveCte, numeroCte: a.numeroCte, serieCte: a.serieCte, emissao: a.emissao,
      valorCobrado: Number(a.valorCobrado), valorEsperado: a.valorEsperado === null ? null : Number(a.valorEsperado), status: a.status,
      statusLabel: statusDef('auditoria', a.status)?.label ?? '' })) } };
  });
}
