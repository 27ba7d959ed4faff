import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { OcorrenciaEdi } from '@fretio/core';
import { embarcadorTransportador, eventosOcorrencia, nfes, ocorrencias, ocorrenciasDepara, ocorrenciasSemDepara, transportadores, unidadesTransportador } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { fatias } from '../../lib/lotes.ts';
import { atualizarRastreio } from '../tracking/service.ts';

export type ResultadoEvento = { situacao: 'ok' | 'aviso' | 'ignorado'; mensagem: string; registroUid?: string };

/**
 * Occurrences per statement: 500 events × 15 columns = 7,500 parameters, far below PGlite's ~40,000 and
 * PostgreSQL's 65,535 (lib/lotes.ts); every IN list of a slice is at most as long.
 */
export const OCORRENCIAS_POR_COMANDO = 500;

const nf = (o: OcorrenciaEdi) => `NF ${o.serieNf ? `${o.serieNf}/` : ''}${o.numeroNf}`;
const linhas = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The carriers linked to the shipper that file under these CNPJs (their own or a unit's): CNPJ → carrier. */
async function transportadoresPorCnpj(tx: DbOrTx, embarcadorUid: string, cnpjs: string[]) {
  const rows = await tx
    .selectDistinct({ uid: transportadores.uid, cnpj: transportadores.cnpj, unidade: unidadesTransportador.documento })
    .from(transportadores)
    .innerJoin(embarcadorTransportador, and(eq(embarcadorTransportador.transportadorUid, transportadores.uid), eq(embarcadorTransportador.embarcadorUid, embarcadorUid)))
    .leftJoin(unidadesTransportador, eq(unidadesTransportador.transportadorUid, transportadores.uid))
    .where(or(inArray(transportadores.cnpj, cnpjs), inArray(unidadesTransportador.documento, cnpjs)));
  const porCnpj = new Map<string, string>();
  // The carrier's own CNPJ first; a unit's document only where no carrier has it as its own.
  for (const r of rows) if (r.cnpj && cnpjs.includes(r.cnpj)) porCnpj.set(r.cnpj, r.uid);
  for (const r of rows) if (r.unidade && cnpjs.includes(r.unidade) && !porCnpj.has(r.unidade)) porCnpj.set(r.unidade, r.uid);
  return porCnpj;
}

/**
 * Stores OCOREN occurrences as events of the shipper, inside the caller's transaction (the task group's),
 * with a fixed number of statements per slice of OCORRENCIAS_POR_COMANDO: the instants, the carriers, the
 * de-para, one multi-row insert, the notes already imported, one upsert of the "sem de-para" queue — plus
 * the tracking update of each note found. The carrier is found by CNPJ among the shipper's carriers; its
 * code goes through the shipper's de-para. An unmapped code keeps the event (without kind) and counts it
 * in "sem de-para"; the same event sent again (same carrier, code, NF, date and time) is reported and not
 * stored twice. Answers each occurrence's result, or its error (a date in the future), in order.
 */
export async function registrarOcorrenciasEdi(tx: DbOrTx, embarcadorUid: string, lista: OcorrenciaEdi[], origem: { tarefaUid?: string | null }) {
  const out: (ResultadoEvento | AppError)[] = [];
  for (const fatia of fatias(lista, OCORRENCIAS_POR_COMANDO)) out.push(...(await registrarFatia(tx, embarcadorUid, fatia, origem.tarefaUid ?? null)));
  return out;
}

/** One occurrence (the item-by-item path of a task group that failed as a whole). */
export async function registrarOcorrenciaEdi(tx: DbOrTx, embarcadorUid: string, o: OcorrenciaEdi, origem: { tarefaUid?: string | null }): Promise<ResultadoEvento> {
  const [r] = await registrarOcorrenciasEdi(tx, embarcadorUid, [o], origem);
  if (r instanceof AppError) throw r;
  return r;
}

async function registrarFatia(tx: DbOrTx, embarcadorUid: string, fatia: OcorrenciaEdi[], tarefaUid: string | null): Promise<(ResultadoEvento | AppError)[]> {
  // Carrier files give São Paulo wall-clock time; PostgreSQL's time zone table handles the old DST periods.
  const valores = sql.join(fatia.map((o, k) => sql`(${k}::int, ${`${o.data} ${o.hora ?? '00:00'}`}::timestamp)`), sql`, `);
  const instantes = linhas<{ k: number; utc: string; futuro: boolean }>(
    await tx.execute(sql`select k, to_char(q at time zone 'America/Sao_Paulo' at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as utc,
      (q at time zone 'America/Sao_Paulo') > now() + interval '10 minutes' as futuro from (values ${valores}) as v(k, q)`),
  );
  const utc = new Map(instantes.map((i) => [Number(i.k), i]));
  const out: (ResultadoEvento | AppError | null)[] = fatia.map((o, k) =>
    utc.get(k)?.futuro ? AppError.field('dataOcorrencia', `Data da ocorrência no futuro (${o.data} ${o.hora ?? ''}).`.replace(' )', ')')) : null,
  );
  const validas = fatia.map((o, k) => ({ o, k })).filter(({ k }) => out[k] === null);
  if (!validas.length) return out as AppError[];

  const porCnpj = await transportadoresPorCnpj(tx, embarcadorUid, [...new Set(validas.map(({ o }) => o.cnpjTransportadora))]);
  const uidsTransp = [...new Set(porCnpj.values())];
  const depara = new Map<string, { ocorrenciaUid: string; codigo: string; descricao: string }>();
  if (uidsTransp.length) {
    const rows = await tx
      .select({ transportadorUid: ocorrenciasDepara.transportadorUid, codigoTransportador: ocorrenciasDepara.codigoTransportador, ocorrenciaUid: ocorrenciasDepara.ocorrenciaUid, codigo: ocorrencias.codigo, descricao: ocorrencias.descricao })
      .from(ocorrenciasDepara)
      .innerJoin(ocorrencias, eq(ocorrencias.uid, ocorrenciasDepara.ocorrenciaUid))
      .where(
        and(
          eq(ocorrenciasDepara.embarcadorUid, embarcadorUid),
          inArray(ocorrenciasDepara.transportadorUid, uidsTransp),
          inArray(ocorrenciasDepara.codigoTransportador, [...new Set(validas.map(({ o }) => o.codigo))]),
        ),
      );
    for (const r of rows) depara.set(`${r.transportadorUid}|${r.codigoTransportador}`, r);
  }

  const deCada = validas.map(({ o, k }) => {
    const transportadorUid = porCnpj.get(o.cnpjTransportadora) ?? null;
    return { o, k, transportadorUid, depara: transportadorUid ? depara.get(`${transportadorUid}|${o.codigo}`) : undefined };
  });
  const inseridos = await tx
    .insert(eventosOcorrencia)
    .values(
      deCada.map(({ o, k, transportadorUid, depara: d }) => {
        const observacao = [o.texto, o.codigoObservacao && o.codigoObservacao !== '00' ? `Observação PROCEDA ${o.codigoObservacao}` : null].filter(Boolean).join(' | ') || null;
        return {
          embarcadorUid,
          ocorrenciaUid: d?.ocorrenciaUid ?? null,
          transportadorUid,
          cnpjTransportador: o.cnpjTransportadora,
          codigoTransportador: o.codigo,
          cnpjEmissorNf: o.cnpjEmissorNf ?? '',
          serieNf: o.serieNf ?? '',
          numeroNf: o.numeroNf,
          dataHora: utc.get(k)?.utc as string,
          observacao: observacao?.slice(0, 255) ?? null,
          origem: 'edi',
          tarefaUid,
          // The file's line: what maps the insert's reply back to its record.
          linha: o.linha,
        };
      }),
    )
    // Also the same record twice in one file: the second is the one skipped.
    .onConflictDoNothing()
    .returning({ uid: eventosOcorrencia.uid, linha: eventosOcorrencia.linha });
  const uidPorLinha = new Map(inseridos.map((r) => [r.linha, r.uid]));
  const novos = deCada.flatMap((e) => {
    const uid = uidPorLinha.get(e.o.linha);
    return uid ? [{ ...e, uid }] : [];
  });

  await atualizarNotas(tx, embarcadorUid, novos.map((e) => e.o));

  // The "sem de-para" queue: one row per CNPJ and code, counting this slice's events in one upsert.
  const fila = new Map<string, { transportadorUid: string | null; cnpjTransportador: string; nomeTransportador: string | null; codigoTransportador: string; quantidade: number }>();
  for (const { o, transportadorUid, depara: d } of novos) {
    if (d) continue;
    const chave = `${o.cnpjTransportadora}|${o.codigo}`;
    const f = fila.get(chave);
    if (f) f.quantidade++;
    else fila.set(chave, { transportadorUid, cnpjTransportador: o.cnpjTransportadora, nomeTransportador: o.nomeTransportadora?.slice(0, 150) ?? null, codigoTransportador: o.codigo, quantidade: 1 });
  }
  if (fila.size) {
    await tx
      .insert(ocorrenciasSemDepara)
      .values([...fila.values()].map((f) => ({ embarcadorUid, ...f })))
      .onConflictDoUpdate({
        target: [ocorrenciasSemDepara.embarcadorUid, ocorrenciasSemDepara.cnpjTransportador, ocorrenciasSemDepara.codigoTransportador],
        set: {
          quantidade: sql`${ocorrenciasSemDepara.quantidade} + excluded.quantidade`,
          ultimaEm: sql`now()`,
          atualizadoEm: sql`now()`,
          transportadorUid: sql`coalesce(excluded.transportador_uid, ${ocorrenciasSemDepara.transportadorUid})`,
        },
      });
  }

  for (const { o, k, transportadorUid, depara: d, uid } of novos) {
    const quem = transportadorUid ? 'o transportador' : `o CNPJ ${o.cnpjTransportadora} (transportador não vinculado ao embarcador)`;
    out[k] = d
      ? { situacao: 'ok', mensagem: `${nf(o)}: ${d.codigo} - ${d.descricao}.`, registroUid: uid }
      : { situacao: 'aviso', mensagem: `${nf(o)}: código ${o.codigo} sem de-para para ${quem}; evento guardado na fila "sem de-para".`, registroUid: uid };
  }
  return out.map((r, k) => r ?? { situacao: 'ignorado', mensagem: `Ocorrência ${fatia[k].codigo} da ${nf(fatia[k])} em ${fatia[k].data} já importada.` });
}

/**
 * The notes already imported that the new events name (issuer + number [+ series]): one read for the
 * slice, then each note's tracking (which also links its events). Notes that arrive later link then.
 */
async function atualizarNotas(tx: DbOrTx, embarcadorUid: string, lista: OcorrenciaEdi[]) {
  const comNota = lista.filter((o) => o.cnpjEmissorNf && Number.isSafeInteger(Number(o.numeroNf)) && Number(o.numeroNf) <= 2_147_483_647);
  if (!comNota.length) return;
  const notas = await tx
    .select({ uid: nfes.uid, emitente: nfes.emitenteDocumento, serie: nfes.serie, numero: nfes.numero })
    .from(nfes)
    .where(
      and(
        eq(nfes.embarcadorUid, embarcadorUid),
        inArray(nfes.emitenteDocumento, [...new Set(comNota.map((o) => o.cnpjEmissorNf as string))]),
        inArray(nfes.numero, [...new Set(comNota.map((o) => Number(o.numeroNf)))]),
        isNull(nfes.substituidaPorUid),
      ),
    );
  const uids = new Set<string>();
  for (const o of comNota) {
    const serie = o.serieNf && /^\d+$/.test(o.serieNf) ? Number(o.serieNf) : null;
    const n = notas.find((x) => x.emitente === o.cnpjEmissorNf && x.numero === Number(o.numeroNf) && (serie === null || x.serie === serie));
    if (n) uids.add(n.uid);
  }
  for (const uid of uids) await atualizarRastreio(tx, uid);
}
