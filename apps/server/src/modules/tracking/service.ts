import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { type Local, dataPrometida, diaSaoPaulo, resumirEventos } from '@fretio/core';
import { configuracoes, eventosOcorrencia, nfes, ocorrencias, rastreios } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { paraLocal, resolverLocal } from '../calculadora/locais.ts';
import { feriadosDoDestino } from '../feriados/service.ts';
import { prazoEntregaPara } from '../prazosentrega/service.ts';

// Tracking of an NF-e: the `rastreios` row keeps the promised date and what the events say; every event
// write calls atualizarRastreio in its transaction. The status depends on today: computed on read (core).

/** 24 random bytes (192 bits), URL-safe: the public link cannot be guessed or enumerated. */
export const novoToken = () => randomBytes(24).toString('base64url');

type NfeRastreio = {
  uid: string;
  embarcadorUid: string;
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

/**
 * Promised date of a note: emission date (São Paulo) + the carrier's registered deadline (prazosentrega, the
 * most specific entry for origin → destination) in business days, skipping weekends and the destination's
 * holidays (national, the UF's, the municipality's; pontos facultativos as the shipper configured).
 */
export async function calcularPrazo(db: DbOrTx, n: NfeRastreio): Promise<{ dataPrevista: string | null; prazoDiasUteis: number | null }> {
  const nada = { dataPrevista: null, prazoDiasUteis: null };
  if (!n.transportadorUid) return nada;
  const [origem, destino] = await Promise.all([
    localDe(db, n.embarcadorUid, n.emitenteUf, n.emitenteMunicipioIbge),
    localDe(db, n.embarcadorUid, n.destinatarioUf, n.destinatarioMunicipioIbge),
  ]);
  if (!origem || !destino) return nada;
  const prazo = await prazoEntregaPara(db, n.embarcadorUid, n.transportadorUid, origem, destino);
  if (prazo === null) return nada;
  const base = diaSaoPaulo(n.emissao);
  const [cfg] = await db
    .select({ pontosFacultativosUteis: configuracoes.pontosFacultativosUteis })
    .from(configuracoes)
    .where(eq(configuracoes.embarcadorUid, n.embarcadorUid));
  const ate = `${Number(base.slice(0, 4)) + 2}${base.slice(4)}`;
  const feriados = await feriadosDoDestino(db, n.embarcadorUid, { uf: destino.uf, ibge: destino.ibge ?? null }, base, ate, cfg ? !cfg.pontosFacultativosUteis : false);
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
      emissao: nfes.emissao,
      transportadorUid: nfes.transportadorUid,
      emitenteDocumento: nfes.emitenteDocumento,
      serie: nfes.serie,
      numero: nfes.numero,
      emitenteUf: nfes.emitenteUf,
      emitenteMunicipioIbge: nfes.emitenteMunicipioIbge,
      destinatarioUf: nfes.destinatarioUf,
      destinatarioMunicipioIbge: nfes.destinatarioMunicipioIbge,
    })
    .from(nfes)
    .where(eq(nfes.uid, nfeUid));
  if (!n) return null;
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
