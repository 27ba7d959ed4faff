import { and, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import { ACOES_EXCECAO, type EventoOcorrencia, ehAgendamento, eventoOcorrencia, eventoOcorrenciaInput, filtroEventoQuery, type z } from '@fretio/core';
import { embarcadorTransportador, eventosOcorrencia, nfes, ocorrencias, transportadores, usuarios } from '../../db/schema/index.ts';
import { type Tx, defineResource } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { ehTransportador, escopoDocumento } from '../nfes/escopo.ts';
import { transportadorVinculado } from '../transportadores/repository.ts';
import { atualizarRastreio } from '../tracking/service.ts';

// eventos-ocorrencia: what happened to an NF-e (delivered, refused, attempt…), typed by the shipper, by the
// carrier in its portal (only on its own notes), through the API with a token, or imported from OCOREN
// (ocorrencias/eventos-edi.ts). Every write brings the note's tracking up to date in the same transaction.

type Row = Record<string, unknown>;
const ORIGEM_PADRAO = 'manual';
const DUPLICADO = 'Já existe um evento desta ocorrência nesta NF-e no mesmo minuto.';
const NFE_NAO_ENCONTRADA = 'NF-e não encontrada.';

export const colunasEvento = {
  ...getTableColumns(eventosOcorrencia),
  chaveNfe: sql<string | null>`${nfes.chave}`.as('chave_nfe'),
  ocorrenciaCodigo: sql<string | null>`${ocorrencias.codigo}`.as('ocorrencia_codigo'),
  ocorrenciaDescricao: sql<string | null>`${ocorrencias.descricao}`.as('ocorrencia_descricao'),
  acao: sql<number | null>`${ocorrencias.acao}`.as('acao'),
  transportadorNome: sql<string | null>`${transportadores.nome}`.as('transportador_nome'),
  usuarioNome: sql<string | null>`${usuarios.nome}`.as('usuario_nome'),
};
// biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder
export const fromEvento = (q: any) =>
  q
    .leftJoin(nfes, eq(nfes.uid, eventosOcorrencia.nfeUid))
    .leftJoin(ocorrencias, eq(ocorrencias.uid, eventosOcorrencia.ocorrenciaUid))
    .leftJoin(transportadores, eq(transportadores.uid, eventosOcorrencia.transportadorUid))
    .leftJoin(usuarios, eq(usuarios.uid, eventosOcorrencia.usuarioUid));

export function eventoParaItem(r: Row): EventoOcorrencia {
  const s = (k: string) => (r[k] ?? null) as string | null;
  return {
    uid: r.uid as string,
    nfeUid: s('nfeUid'),
    chaveNfe: s('chaveNfe'),
    cnpjEmissorNf: r.cnpjEmissorNf as string,
    serieNf: r.serieNf as string,
    numeroNf: r.numeroNf as string,
    ocorrenciaUid: s('ocorrenciaUid'),
    ocorrenciaCodigo: s('ocorrenciaCodigo'),
    ocorrenciaDescricao: s('ocorrenciaDescricao'),
    acao: r.acao === null || r.acao === undefined ? null : Number(r.acao),
    transportadorUid: s('transportadorUid'),
    transportadorNome: s('transportadorNome'),
    codigoTransportador: s('codigoTransportador'),
    dataHora: r.dataHora as string,
    dataAgendamento: s('dataAgendamento'),
    observacao: s('observacao'),
    responsavel: s('responsavel'),
    local: s('local'),
    origem: r.origem as string,
    usuarioNome: s('usuarioNome'),
    criadoEm: r.criadoEm as string,
    atualizadoEm: r.atualizadoEm as string,
  };
}

/** The NF-e the input names (uid, key, or issuer + number [+ series]), visible to ctx; 400 on the field otherwise. */
async function resolverNfe(tx: Tx, ctx: RequestContext, v: Row, existing: Row | null) {
  const campo = v.nfeUid ? 'nfeUid' : v.chaveNfe ? 'chaveNfe' : 'numeroNf';
  // A carrier's user: the notes it carries, of the shipper of the event being edited (any shipper that links its
  // carrier: the event's scope), else of its session's shipper — always a shipper that links it.
  const doTransportador = () => {
    const t = ctx.transportadorUid as string;
    const embarcador = (existing?.embarcadorUid as string | undefined) ?? exigirEmbarcador(ctx);
    return and(eq(nfes.transportadorUid, t), eq(nfes.embarcadorUid, embarcador),
      sql`exists (select 1 from ${embarcadorTransportador} where ${embarcadorTransportador.embarcadorUid} = ${embarcador} and ${embarcadorTransportador.transportadorUid} = ${t})`);
  };
  const escopo = ehTransportador(ctx) ? doTransportador() : eq(nfes.embarcadorUid, exigirEmbarcador(ctx));
  const onde = v.nfeUid
    ? eq(nfes.uid, v.nfeUid as string)
    : v.chaveNfe
      ? eq(nfes.chave, v.chaveNfe as string)
      : and(
          eq(nfes.emitenteDocumento, v.cnpjEmissorNf as string),
          eq(nfes.numero, Number(v.numeroNf)),
          v.serieNf ? eq(nfes.serie, Number(v.serieNf)) : undefined,
        );
  const achadas = await tx
    .select({ uid: nfes.uid, embarcadorUid: nfes.embarcadorUid, transportadorUid: nfes.transportadorUid, emitente: nfes.emitenteDocumento, serie: nfes.serie, numero: nfes.numero })
    .from(nfes)
    .where(and(onde, escopo, isNull(nfes.substituidaPorUid)))
    .limit(2);
  const [n] = achadas;
  if (!n) throw AppError.field(campo, NFE_NAO_ENCONTRADA);
  if (achadas.length > 1 && campo === 'numeroNf') throw AppError.field('serieNf', 'Há mais de uma NF-e com este número: informe a série.');
  return n;
}

/** The note an event left when it was moved to another one (its tracking is recomputed after the write). */
const nfeAnterior = new WeakMap<object, string>();

async function validar(tx: Tx, ctx: RequestContext, values: Row, existing: Row | null) {
  const n = await resolverNfe(tx, ctx, values, existing);
  if (existing?.nfeUid && existing.nfeUid !== n.uid) nfeAnterior.set(tx, existing.nfeUid as string);
  const [oc] = await tx
    .select({ codigo: ocorrencias.codigo, descricao: ocorrencias.descricao, ativo: ocorrencias.ativo })
    .from(ocorrencias)
    .where(and(eq(ocorrencias.uid, values.ocorrenciaUid as string), eq(ocorrencias.embarcadorUid, n.embarcadorUid)));
  if (!oc || (!oc.ativo && existing?.ocorrenciaUid !== values.ocorrenciaUid)) throw AppError.field('ocorrenciaUid', 'Ocorrência não encontrada');
  if (ehAgendamento(oc) && !values.dataAgendamento) throw AppError.field('dataAgendamento', 'Informe a data agendada da entrega');
  // Who carried it: the carrier's user is its own carrier; the shipper may name a linked one, else the note's.
  if (ehTransportador(ctx)) values.transportadorUid = ctx.transportadorUid;
  else if (!values.transportadorUid) values.transportadorUid = n.transportadorUid;
  else if (!(await transportadorVinculado.existe(tx, ctx, values.transportadorUid as string)))
    throw AppError.field('transportadorUid', 'Transportador não encontrado');

  const [dup] = await tx
    .select({ uid: eventosOcorrencia.uid })
    .from(eventosOcorrencia)
    .where(
      and(
        eq(eventosOcorrencia.nfeUid, n.uid),
        eq(eventosOcorrencia.ocorrenciaUid, values.ocorrenciaUid as string),
        sql`date_trunc('minute', ${eventosOcorrencia.dataHora}) = date_trunc('minute', ${values.dataHora}::timestamptz)`,
        existing ? ne(eventosOcorrencia.uid, existing.uid as string) : undefined,
      ),
    )
    .limit(1);
  if (dup) throw AppError.conflict(DUPLICADO, [{ field: 'dataHora', message: DUPLICADO }]);

  values.embarcadorUid = n.embarcadorUid;
  values.nfeUid = n.uid;
  values.cnpjEmissorNf = n.emitente ?? '';
  values.serieNf = String(n.serie);
  values.numeroNf = String(n.numero);
  if (!existing) {
    values.origem = ehTransportador(ctx) ? 'portal' : ctx.via === 'token' ? 'api' : ORIGEM_PADRAO;
    values.usuarioUid = ctx.usuarioUid;
  } else {
    // The carrier's own code of an OCOREN event no longer describes a kind changed by hand.
    if (existing.ocorrenciaUid !== values.ocorrenciaUid && existing.origem === 'edi') values.codigoTransportador = existing.codigoTransportador;
    values.embarcadorUid = existing.embarcadorUid;
  }
  values.chaveNfe = undefined;
}

export const eventosOcorrenciaResource = defineResource({
  nome: 'Evento de ocorrência',
  path: '/eventos-ocorrencia',
  recurso: 'eventos-ocorrencia',
  table: eventosOcorrencia,
  uid: eventosOcorrencia.uid,
  scope: escopoDocumento(eventosOcorrencia.embarcadorUid, eventosOcorrencia.transportadorUid),
  item: eventoOcorrencia,
  input: eventoOcorrenciaInput as unknown as z.ZodObject,
  select: colunasEvento,
  from: fromEvento,
  toItem: eventoParaItem,
  sortable: {
    dataHora: eventosOcorrencia.dataHora,
    numeroNf: sql`lpad(${eventosOcorrencia.numeroNf}, 9, '0')`,
    ocorrenciaCodigo: ocorrencias.codigo,
    transportadorNome: transportadores.nome,
    origem: eventosOcorrencia.origem,
    criadoEm: eventosOcorrencia.criadoEm,
  },
  defaultSort: 'dataHora',
  defaultOrder: 'DESC',
  filters: {
    nfeUid: { column: eventosOcorrencia.nfeUid, kind: 'uid' },
    numeroNf: { column: eventosOcorrencia.numeroNf, kind: 'exact' },
    chaveNfe: { column: nfes.chave, kind: 'exact' },
    ocorrenciaUid: { column: eventosOcorrencia.ocorrenciaUid, kind: 'uid' },
    transportadorUid: { column: eventosOcorrencia.transportadorUid, kind: 'uid' },
    origem: { column: eventosOcorrencia.origem, kind: 'exact' },
    ocorrenciaDescricao: { column: ocorrencias.descricao, kind: 'text' },
  },
  periodo: { campo: eventosOcorrencia.dataHora, descricao: 'Eventos' },
  listQuery: filtroEventoQuery,
  listWhere: (q) => {
    const filtro = q.filtro ?? 'A';
    const f =
      filtro === 'P' ? isNull(eventosOcorrencia.ocorrenciaUid) : filtro === 'E' ? inArray(ocorrencias.acao, ACOES_EXCECAO as number[]) : undefined;
    return f;
  },
  hooks: {
    validate: validar,
    async afterWrite(tx, _ctx, row) {
      if (row.nfeUid) await atualizarRastreio(tx, row.nfeUid as string);
      const anterior = nfeAnterior.get(tx);
      if (anterior) await atualizarRastreio(tx, anterior);
    },
    async beforeDelete(tx, _ctx, existing) {
      if (existing.nfeUid) await atualizarRastreio(tx, existing.nfeUid as string, { excluirEventoUid: existing.uid as string });
    },
  },
});
