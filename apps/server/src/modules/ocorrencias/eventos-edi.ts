import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { OcorrenciaEdi } from '@fretio/core';
import { embarcadorTransportador, eventosOcorrencia, nfes, ocorrencias, ocorrenciasDepara, ocorrenciasSemDepara, transportadores, unidadesTransportador } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { atualizarRastreio } from '../tracking/service.ts';

export type ResultadoEvento = { situacao: 'ok' | 'aviso' | 'ignorado'; mensagem: string; registroUid?: string };

/** The carrier linked to the shipper that files under `cnpj` (its own CNPJ or a unit's). */
async function transportadorPorCnpjVinculado(tx: DbOrTx, embarcadorUid: string, cnpj: string) {
  const [row] = await tx
    .selectDistinct({ uid: transportadores.uid })
    .from(transportadores)
    .innerJoin(embarcadorTransportador, and(eq(embarcadorTransportador.transportadorUid, transportadores.uid), eq(embarcadorTransportador.embarcadorUid, embarcadorUid)))
    .leftJoin(unidadesTransportador, eq(unidadesTransportador.transportadorUid, transportadores.uid))
    .where(or(eq(transportadores.cnpj, cnpj), eq(unidadesTransportador.documento, cnpj)))
    .limit(1);
  return row?.uid ?? null;
}

const nf = (o: OcorrenciaEdi) => `NF ${o.serieNf ? `${o.serieNf}/` : ''}${o.numeroNf}`;

/**
 * Stores one OCOREN occurrence as an event of the shipper (inside the caller's transaction: the task item's).
 * The carrier is found by CNPJ among the shipper's carriers; its code goes through the shipper's de-para.
 * An unmapped code keeps the event (without kind) and counts it in "sem de-para"; the same event sent
 * again (same carrier, code, NF, date and time) is reported and not stored twice.
 */
export async function registrarOcorrenciaEdi(tx: DbOrTx, embarcadorUid: string, o: OcorrenciaEdi, origem: { tarefaUid?: string | null }): Promise<ResultadoEvento> {
  const quando = `${o.data} ${o.hora ?? '00:00'}`;
  // Carrier files give São Paulo wall-clock time; PostgreSQL's time zone table handles the old DST periods.
  const dataHora = sql`(${quando}::timestamp at time zone 'America/Sao_Paulo')`;
  const res = (await tx.execute(sql`select ${dataHora} > now() + interval '10 minutes' as futuro`)) as unknown as { rows: { futuro: boolean }[] };
  const futuro = res.rows[0]?.futuro;
  if (futuro) throw AppError.field('dataOcorrencia', `Data da ocorrência no futuro (${o.data} ${o.hora ?? ''}).`.replace(' )', ')'));

  const transportadorUid = await transportadorPorCnpjVinculado(tx, embarcadorUid, o.cnpjTransportadora);
  const [depara] = transportadorUid
    ? await tx
        .select({ ocorrenciaUid: ocorrenciasDepara.ocorrenciaUid, codigo: ocorrencias.codigo, descricao: ocorrencias.descricao })
        .from(ocorrenciasDepara)
        .innerJoin(ocorrencias, eq(ocorrencias.uid, ocorrenciasDepara.ocorrenciaUid))
        .where(
          and(
            eq(ocorrenciasDepara.embarcadorUid, embarcadorUid),
            eq(ocorrenciasDepara.transportadorUid, transportadorUid),
            eq(ocorrenciasDepara.codigoTransportador, o.codigo),
          ),
        )
        .limit(1)
    : [];

  const observacao = [o.texto, o.codigoObservacao && o.codigoObservacao !== '00' ? `Observação PROCEDA ${o.codigoObservacao}` : null].filter(Boolean).join(' | ') || null;
  const [evento] = await tx
    .insert(eventosOcorrencia)
    .values({
      embarcadorUid,
      ocorrenciaUid: depara?.ocorrenciaUid ?? null,
      transportadorUid,
      cnpjTransportador: o.cnpjTransportadora,
      codigoTransportador: o.codigo,
      cnpjEmissorNf: o.cnpjEmissorNf ?? '',
      serieNf: o.serieNf ?? '',
      numeroNf: o.numeroNf,
      dataHora: dataHora as unknown as string,
      observacao: observacao?.slice(0, 255) ?? null,
      origem: 'edi',
      tarefaUid: origem.tarefaUid ?? null,
      linha: o.linha,
    })
    .onConflictDoNothing()
    .returning({ uid: eventosOcorrencia.uid });
  if (!evento) return { situacao: 'ignorado', mensagem: `Ocorrência ${o.codigo} da ${nf(o)} em ${o.data} já importada.` };
  // The note already imported: link the event and bring its tracking up to date (else linked when it lands).
  const numero = Number(o.numeroNf);
  if (o.cnpjEmissorNf && Number.isSafeInteger(numero)) {
    const [nota] = await tx
      .select({ uid: nfes.uid })
      .from(nfes)
      .where(
        and(
          eq(nfes.embarcadorUid, embarcadorUid),
          eq(nfes.emitenteDocumento, o.cnpjEmissorNf),
          eq(nfes.numero, numero),
          o.serieNf && /^\d+$/.test(o.serieNf) ? eq(nfes.serie, Number(o.serieNf)) : undefined,
          isNull(nfes.substituidaPorUid),
        ),
      )
      .limit(1);
    if (nota) await atualizarRastreio(tx, nota.uid);
  }

  if (depara) return { situacao: 'ok', mensagem: `${nf(o)}: ${depara.codigo} - ${depara.descricao}.`, registroUid: evento.uid };

  await tx
    .insert(ocorrenciasSemDepara)
    .values({ embarcadorUid, transportadorUid, cnpjTransportador: o.cnpjTransportadora, nomeTransportador: o.nomeTransportadora?.slice(0, 150) ?? null, codigoTransportador: o.codigo, quantidade: 1 })
    .onConflictDoUpdate({
      target: [ocorrenciasSemDepara.embarcadorUid, ocorrenciasSemDepara.cnpjTransportador, ocorrenciasSemDepara.codigoTransportador],
      set: {
        quantidade: sql`${ocorrenciasSemDepara.quantidade} + 1`,
        ultimaEm: sql`now()`,
        atualizadoEm: sql`now()`,
        transportadorUid: sql`coalesce(excluded.transportador_uid, ${ocorrenciasSemDepara.transportadorUid})`,
      },
    });
  const quem = transportadorUid ? 'o transportador' : `o CNPJ ${o.cnpjTransportadora} (transportador não vinculado ao embarcador)`;
  return {
    situacao: 'aviso',
    mensagem: `${nf(o)}: código ${o.codigo} sem de-para para ${quem}; evento guardado na fila "sem de-para".`,
    registroUid: evento.uid,
  };
}
