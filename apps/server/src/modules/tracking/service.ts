import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { type Local, dataPrometida, diaSaoPaulo, resumirEventos } from '@fretio/core';
import { configuracoes, eventosOcorrencia, nfes, ocorrencias, rastreios } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { criarTarefa } from '../../framework/tarefas/index.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { recalcularPrazoEntrega } from './tarefa.ts';
import { paraLocal, resolverLocal } from '../calculadora/locais.ts';
import { feriadosDoDestino } from '../feriados/service.ts';
import { prazoEntregaPara } from '../prazosentrega/service.ts';

// Tracking of an NF-e: the `rastreios` row keeps the promised date and what the events say; every event
// write calls atualizarRastreio in its transaction. The status depends on today: computed on read (core).

/** STATUS.cotacaoFrete 'Finalizada' (approved with a winner) and STATUS.ordemColeta 'Confirmada' (by the carrier). */
const STATUS_COTACAO_FINALIZADA = 4;
const STATUS_COLETA_CONFIRMADA = 4;

/** 24 random bytes (192 bits), URL-safe: the public link cannot be guessed or enumerated. */
export const novoToken = () => randomBytes(24).toString('base64url');

export type NfeRastreio = {
  uid: string;
  embarcadorUid: string;
  chave: string | null;
  emissao: string;
  transportadorUid: string | null;
  emitenteDocumento: string | null;
  serie: number;
  numero: number;
  emitenteUf: string | null;
  emitenteMunicipioIbge: string | null;
  destinatarioUf: string | null;
  destinatarioMunicipioIbge: string | null;
};

async function localDe(db: DbOrTx, embarcadorUid: string, uf: string | null, ibge: string | null): Promise<Local | null> {
  if (!uf && !ibge) return null;
  try {
    return paraLocal(await resolverLocal(db, embarcadorUid, { municipioIbge: ibge, uf }, 'local'));
  } catch {
    return uf ? { uf, regioes: [] } : null;
  }
}

export type Acordo = { prazo: number | null; origem: 'cotacao' | 'simulacao' | null; coleta: string | null };

/**
 * What the shipment agreed for a note, newest first: the deadline of the approved quotation's winning answer
 * (the note on the quotation, or on a shipment made from it), else the deadline of the order's selected
 * simulation (the order names the note); and the pickup date of a confirmed pickup order carrying the note.
 */
export async function acordoDoEmbarque(db: DbOrTx, n: { uid: string; embarcadorUid: string; chave: string | null }): Promise<Acordo> {
  return (await acordosDoEmbarque(db, n.embarcadorUid, [n])).get(n.uid) as Acordo;
}

/** acordoDoEmbarque of many notes of one shipper in one statement (an import's group). */
export async function acordosDoEmbarque(db: DbOrTx, embarcadorUid: string, notas: readonly { uid: string; chave: string | null }[]): Promise<Map<string, Acordo>> {
  const out = new Map<string, Acordo>();
  if (!notas.length) return out;
  const valores = sql.join(notas.map((n) => sql`(${n.uid}::uuid, ${n.chave}::text)`), sql`, `);
  const mesmaNota = sql`(cn.nfe_uid = v.uid or cn.chave = v.chave)`;
  const r = (await db.execute(sql`select v.uid,
      (select ct.prazo_dias_uteis from carga_nfes cn
         left join embarques em on em.uid = cn.embarque_uid
         join cotacoes_frete cf on cf.uid = coalesce(cn.cotacao_uid, em.cotacao_uid) and cf.embarcador_uid = ${embarcadorUid} and cf.status = ${STATUS_COTACAO_FINALIZADA}
         join cotacao_transportadores ct on ct.cotacao_uid = cf.uid and ct.transportador_uid = cf.vencedor_transportador_uid
       where ${mesmaNota} and ct.prazo_dias_uteis is not null order by cf.aprovado_em desc nulls last limit 1) as "cotacao",
      (select p.prazo_dias_uteis from pedidos p
       where p.embarcador_uid = ${embarcadorUid} and p.nfe_uid = v.uid and p.simulacao_frete_uid is not null and p.prazo_dias_uteis is not null
       order by p.atualizado_em desc limit 1) as "simulacao",
      (select oc.data_coleta_prevista::text from carga_nfes cn
         join ordens_coleta oc on oc.uid = cn.ordem_coleta_uid and oc.embarcador_uid = ${embarcadorUid} and oc.status = ${STATUS_COLETA_CONFIRMADA}
       where ${mesmaNota} and oc.data_coleta_prevista is not null order by oc.respondido_em desc nulls last limit 1) as "coleta"
    from (values ${valores}) as v(uid, chave)`)) as unknown as {
    rows: { uid: string; cotacao: number | null; simulacao: number | null; coleta: string | null }[];
  };
  for (const x of r.rows) {
    const prazo = x.cotacao ?? x.simulacao ?? null;
    out.set(x.uid, { prazo: prazo === null ? null : Number(prazo), origem: x.cotacao != null ? 'cotacao' : x.simulacao != null ? 'simulacao' : null, coleta: x.coleta ?? null });
  }
  return out;
}

/** Lookups an import repeats for every note (same places, carrier deadlines, holidays): kept for its task. */
export type Cache = Map<string, unknown>;
async function memo<T>(cache: Cache | undefined, chave: string, f: () => Promise<T>): Promise<T> {
  if (cache?.has(chave)) return cache.get(chave) as T;
  const v = await f();
  cache?.set(chave, v);
  return v;
}

/**
 * Promised date of a note, in business days (skipping weekends and the destination's holidays: national, the
 * UF's, the municipality's; pontos facultativos as the shipper configured) from the start date:
 * - deadline: the shipment's agreed one (acordoDoEmbarque: approved quotation, else the order's selected
 *   simulation), else the carrier's registered deadline (prazosentrega, the most specific entry for origin → destination);
 * - start: the pickup date of a confirmed pickup order when it is later than the emission, else the emission
 *   (São Paulo day) — the clock runs once the cargo is both invoiced and collected.
 * `acordo` already read (acordosDoEmbarque) and `cache` (an import's task): what a group of notes shares is read once.
 */
export async function calcularPrazo(db: DbOrTx, n: NfeRastreio, ja?: { acordo: Acordo; cache?: Cache }): Promise<{ dataPrevista: string | null; prazoDiasUteis: number | null }> {
  const nada = { dataPrevista: null, prazoDiasUteis: null };
  const cache = ja?.cache;
  const acordo = ja?.acordo ?? (await acordoDoEmbarque(db, n));
  if (acordo.prazo === null && !n.transportadorUid) return nada;
  const local = (uf: string | null, ibge: string | null) => memo(cache, `local:${n.embarcadorUid}:${uf}:${ibge}`, () => localDe(db, n.embarcadorUid, uf, ibge));
  const [origem, destino] = await Promise.all([local(n.emitenteUf, n.emitenteMunicipioIbge), local(n.destinatarioUf, n.destinatarioMunicipioIbge)]);
  let prazo = acordo.prazo;
  if (prazo === null) {
    if (!origem || !destino || !n.transportadorUid) return nada;
    const t = n.transportadorUid;
    prazo = await memo(cache, `prazo:${n.embarcadorUid}:${t}:${JSON.stringify([origem, destino])}`, () => prazoEntregaPara(db, n.embarcadorUid, t, origem, destino));
  }
  if (prazo === null) return nada;
  const emissao = diaSaoPaulo(n.emissao);
  const base = acordo.coleta && acordo.coleta > emissao ? acordo.coleta : emissao;
  const cfg = await memo(cache, `cfg:${n.embarcadorUid}`, async () => {
    const [c] = await db.select({ pontosFacultativosUteis: configuracoes.pontosFacultativosUteis }).from(configuracoes).where(eq(configuracoes.embarcadorUid, n.embarcadorUid));
    return c ?? null;
  });
  const ate = `${Number(base.slice(0, 4)) + 2}${base.slice(4)}`;
  const alvo = { uf: destino?.uf ?? n.destinatarioUf ?? '', ibge: destino?.ibge ?? n.destinatarioMunicipioIbge ?? null };
  const facultativos = cfg ? !cfg.pontosFacultativosUteis : false;
  // Cached per destination and start year (base year to base year + 3, a superset of [base, ate]).
  const ano = Number(base.slice(0, 4));
  const feriados = cache
    ? await memo(cache, `feriados:${n.embarcadorUid}:${alvo.uf}:${alvo.ibge}:${ano}:${facultativos}`, () => feriadosDoDestino(db, n.embarcadorUid, alvo, `${ano}-01-01`, `${ano + 3}-12-31`, facultativos))
    : await feriadosDoDestino(db, n.embarcadorUid, alvo, base, ate, facultativos);
  return { dataPrevista: dataPrometida(base, prazo, feriados), prazoDiasUteis: prazo };
}

/**
 * Brings an NF-e's tracking up to date inside the caller's transaction: links the events that name it by
 * issuer + series + number (OCOREN events that arrived before the note), summarises its events and, when
 * the row is new or `recalcularPrazo`, computes the promised date. `excluirEventoUid`: an event being deleted.
 */
export async function atualizarRastreio(tx: DbOrTx, nfeUid: string, opts: { excluirEventoUid?: string; recalcularPrazo?: boolean } = {}) {
  const [n] = await tx
    .select({
      uid: nfes.uid,
      embarcadorUid: nfes.embarcadorUid,
      chave: nfes.chave,
      emissao: nfes.emissao,
      transportadorUid: nfes.transportadorUid,
      emitenteDocumento: nfes.emitenteDocumento,
      serie: nfes.serie,
      numero: nfes.numero,
      emitenteUf: nfes.emitenteUf,
      emitenteMunicipioIbge: nfes.emitenteMunicipioIbge,
      destinatarioUf: nfes.destinatarioUf,
      destinatarioMunicipioIbge: nfes.destinatarioMunicipioIbge,
      substituidaPorUid: nfes.substituidaPorUid,
    })
    .from(nfes)
    .where(eq(nfes.uid, nfeUid));
  // A replaced virtual note handed its tracking (token, events) to the real one: it gets no new one.
  if (!n || n.substituidaPorUid) return null;
  if (n.emitenteDocumento) {
    await tx
      .update(eventosOcorrencia)
      .set({ nfeUid })
      .where(
        and(
          eq(eventosOcorrencia.embarcadorUid, n.embarcadorUid),
          or(isNull(eventosOcorrencia.nfeUid), inArray(eventosOcorrencia.nfeUid, tx.select({ uid: nfes.uid }).from(nfes).where(eq(nfes.substituidaPorUid, nfeUid)))),
          eq(eventosOcorrencia.cnpjEmissorNf, n.emitenteDocumento),
          sql`${eventosOcorrencia.numeroNf} ~ '^[0-9]+$' and ${eventosOcorrencia.numeroNf}::bigint = ${n.numero}`,
          sql`(${eventosOcorrencia.serieNf} = '' or (${eventosOcorrencia.serieNf} ~ '^[0-9]+$' and ${eventosOcorrencia.serieNf}::int = ${n.serie}))`,
        ),
      );
  }
  const eventos = await tx
    .select({ dataHora: eventosOcorrencia.dataHora, acao: ocorrencias.acao })
    .from(eventosOcorrencia)
    .leftJoin(ocorrencias, eq(ocorrencias.uid, eventosOcorrencia.ocorrenciaUid))
    .where(and(eq(eventosOcorrencia.nfeUid, nfeUid), opts.excluirEventoUid ? ne(eventosOcorrencia.uid, opts.excluirEventoUid) : undefined));
  const resumo = resumirEventos(eventos);
  const [atual] = await tx.select({ token: rastreios.token }).from(rastreios).where(eq(rastreios.nfeUid, nfeUid));
  const prazo = !atual || opts.recalcularPrazo ? await calcularPrazo(tx, n) : null;
  const valores = {
    dataEntrega: resumo.dataEntrega,
    tentativas: resumo.tentativas,
    excecao: resumo.excecao,
    ultimoEventoEm: resumo.ultimoEventoEm,
    ...(prazo ?? {}),
  };
  if (!atual) {
    await tx
      .insert(rastreios)
      .values({ nfeUid, embarcadorUid: n.embarcadorUid, token: novoToken(), ...valores })
      .onConflictDoUpdate({ target: rastreios.nfeUid, set: { ...valores, atualizadoEm: sql`now()` } });
  } else {
    await tx.update(rastreios).set({ ...valores, atualizadoEm: sql`now()` }).where(eq(rastreios.nfeUid, nfeUid));
  }
  return valores;
}

/** Up to this many notes are recomputed inside the command's transaction; a larger load goes to the queue. */
export const LIMITE_RECALCULO_NA_TRANSACAO = 200;

export type OrigemDoAcordo = { cotacaoUid: string } | { ordemColetaUid: string } | { pedidoUid: string };

/**
 * The agreed deadline or its start changed — a quotation was approved (its winner's deadline), a pickup order
 * was confirmed (its pickup date), an order got its NF-e (its selected simulation's deadline): recomputes the
 * promised date of the notes it carries, in the caller's transaction (same notes acordoDoEmbarque reads: the
 * load's lines by uid or key, a quotation's shipments' lines too; the order's NF-e). Cancelled and replaced
 * notes are left alone. More than LIMITE_RECALCULO_NA_TRANSACAO notes: one `recalcular-prazo-entrega` task
 * for them, created in the same transaction (runs once the command commits). Returns how many were recomputed
 * now and the task's uid, if any.
 */
export async function recalcularPrazosAcordados(tx: DbOrTx, ctx: Pick<RequestContext, 'usuarioUid'>, origem: OrigemDoAcordo) {
  const linhas =
    'cotacaoUid' in origem
      ? sql`select cn.nfe_uid, cn.chave, cf.embarcador_uid from carga_nfes cn
              join cotacoes_frete cf on cf.uid = ${origem.cotacaoUid}
              left join embarques em on em.uid = cn.embarque_uid
            where cn.cotacao_uid = ${origem.cotacaoUid} or em.cotacao_uid = ${origem.cotacaoUid}`
      : 'ordemColetaUid' in origem
        ? sql`select cn.nfe_uid, cn.chave, oc.embarcador_uid from carga_nfes cn
                join ordens_coleta oc on oc.uid = cn.ordem_coleta_uid
              where cn.ordem_coleta_uid = ${origem.ordemColetaUid}`
        : sql`select p.nfe_uid, null::text as chave, p.embarcador_uid from pedidos p where p.uid = ${origem.pedidoUid}`;
  const r = (await tx.execute(sql`with linhas as (${linhas})
    select n.uid, n.embarcador_uid as "embarcadorUid" from nfes n
    where n.embarcador_uid = (select embarcador_uid from linhas limit 1) and not n.cancelada and n.substituida_por_uid is null
      and (n.uid in (select nfe_uid from linhas where nfe_uid is not null) or n.chave in (select chave from linhas where chave is not null))
    order by n.uid`)) as unknown as { rows: { uid: string; embarcadorUid: string }[] };
  const notas = r.rows;
  if (!notas.length) return { recalculadas: 0, tarefaUid: null };
  if (notas.length > LIMITE_RECALCULO_NA_TRANSACAO) {
    const tarefaUid = await criarTarefa(tx, { embarcadorUid: notas[0].embarcadorUid, usuarioUid: ctx.usuarioUid }, recalcularPrazoEntrega, {
      nfeUids: notas.map((n) => n.uid),
    });
    return { recalculadas: 0, tarefaUid };
  }
  for (const n of notas) await atualizarRastreio(tx, n.uid, { recalcularPrazo: true });
  return { recalculadas: notas.length, tarefaUid: null };
}
