import { sql } from 'drizzle-orm';
import { boolean, char, date, index, integer, primaryKey, numeric, pgTable, smallint, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ativo, timestamps, tstz, uidPk } from './columns.ts';
import { nfes } from './fiscal.ts';
import { embarcadores, transportadores, usuarios } from './identidade.ts';

/** The shipper's catalogue of occurrence kinds (pre-filled with the PROCEDA table by a trigger on embarcadores). */
export const ocorrencias = pgTable(
  'ocorrencias',
  {
    uid: uidPk(),
    embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    codigo: varchar({ length: 10 }).notNull(),
    descricao: varchar({ length: 150 }).notNull(),
    /** ACAO_OCORRENCIA of packages/core. */
    acao: smallint().notNull(),
    tipoCobranca: char({ length: 1 }),
    valorCobranca: numeric({ precision: 14, scale: 4 }),
    transporteAereo: boolean().notNull().default(false),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('ocorrencias_codigo_uq').on(t.embarcadorUid, t.codigo), index('ocorrencias_descricao_idx').on(t.embarcadorUid, t.descricao)],
);

/** A carrier's own occurrence code → our kind, per shipper (what a shipper says about a shared carrier is its own). */
export const ocorrenciasDepara = pgTable(
  'ocorrencias_depara',
  {
    uid: uidPk(),
    embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    transportadorUid: uuid().notNull().references(() => transportadores.uid, { onDelete: 'cascade' }),
    codigoTransportador: varchar({ length: 10 }).notNull(),
    descricaoTransportador: varchar({ length: 150 }),
    ocorrenciaUid: uuid().notNull().references(() => ocorrencias.uid, { onDelete: 'restrict' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('ocorrencias_depara_codigo_uq').on(t.embarcadorUid, t.transportadorUid, t.codigoTransportador),
    index().on(t.ocorrenciaUid),
    index().on(t.transportadorUid),
  ],
);

/**
 * "Sem de-para": a code a carrier sent that the shipper has not mapped yet, one row per carrier (by CNPJ, the
 * carrier may not even be registered) and code, counting the events that wait for it. Creating the de-para
 * resolves the waiting events and removes the row.
 */
export const ocorrenciasSemDepara = pgTable(
  'ocorrencias_sem_depara',
  {
    uid: uidPk(),
    embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    transportadorUid: uuid().references(() => transportadores.uid, { onDelete: 'cascade' }),
    cnpjTransportador: varchar({ length: 14 }).notNull(),
    nomeTransportador: varchar({ length: 150 }),
    codigoTransportador: varchar({ length: 10 }).notNull(),
    quantidade: integer().notNull().default(0),
    ultimaEm: tstz().notNull().default(sql`now()`),
    ...timestamps(),
  },
  (t) => [uniqueIndex('ocorrencias_sem_depara_uq').on(t.embarcadorUid, t.cnpjTransportador, t.codigoTransportador)],
);

/**
 * An occurrence event on an NF-e, identified as the carrier's files do (issuer CNPJ + series + number); the
 * link to the NF-e record is made by the NF-e module when it lands. `ocorrenciaUid` is null while the
 * carrier's code has no de-para.
 */
export const eventosOcorrencia = pgTable(
  'eventos_ocorrencia',
  {
    uid: uidPk(),
    embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    ocorrenciaUid: uuid().references(() => ocorrencias.uid, { onDelete: 'restrict' }),
    transportadorUid: uuid().references(() => transportadores.uid, { onDelete: 'set null' }),
    cnpjTransportador: varchar({ length: 14 }),
    codigoTransportador: varchar({ length: 10 }),
    cnpjEmissorNf: varchar({ length: 14 }).notNull().default(''),
    serieNf: varchar({ length: 3 }).notNull().default(''),
    numeroNf: varchar({ length: 9 }).notNull(),
    dataHora: tstz().notNull(),
    observacao: varchar({ length: 255 }),
    /** 'edi' (OCOREN), 'manual', 'portal', 'api'. */
    origem: varchar({ length: 10 }).notNull(),
    tarefaUid: uuid(),
    linha: integer(),
    /** The NF-e record (filled when the note is known: typed by uid/key, or found by issuer + series + number). */
    nfeUid: uuid().references(() => nfes.uid, { onDelete: 'set null' }),
    /** Scheduled delivery date-time of a scheduling kind. */
    dataAgendamento: tstz(),
    /** Who received / reported (free text) and where it happened. */
    responsavel: varchar({ length: 100 }),
    local: varchar({ length: 150 }),
    /** The signed-in user (or API token's user) who typed it; null for OCOREN. */
    usuarioUid: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('eventos_ocorrencia_nfe_idx').on(t.nfeUid, t.dataHora),
    index('eventos_ocorrencia_data_idx').on(t.embarcadorUid, t.dataHora),
    // The same carrier event imported twice (the same OCOREN sent again) is one event.
    uniqueIndex('eventos_ocorrencia_edi_uq').on(t.embarcadorUid, t.cnpjTransportador, t.codigoTransportador, t.cnpjEmissorNf, t.serieNf, t.numeroNf, t.dataHora),
    index('eventos_ocorrencia_nf_idx').on(t.embarcadorUid, t.numeroNf),
    index().on(t.ocorrenciaUid),
  ],
);

/**
 * Tracking of an NF-e: the promised date and what its events say (kept current by every event write), and
 * the public link's token. The status itself depends on today and is computed on read (core statusRastreio).
 */
export const rastreios = pgTable(
  'rastreios',
  {
    nfeUid: uuid()
      .primaryKey()
      .references(() => nfes.uid, { onDelete: 'cascade' }),
    embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    /** Public link token: 24 random bytes, base64url. */
    token: varchar({ length: 43 }).notNull(),
    dataPrevista: date({ mode: 'string' }),
    prazoDiasUteis: integer(),
    dataEntrega: date({ mode: 'string' }),
    tentativas: integer().notNull().default(0),
    excecao: boolean().notNull().default(false),
    ultimoEventoEm: tstz(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('rastreios_token_uq').on(t.token), index('rastreios_prevista_idx').on(t.embarcadorUid, t.dataPrevista),
    // BI's late notes (not delivered, promised date past): only the undelivered, a small part of the table.
    index('rastreios_pendentes_idx').on(t.embarcadorUid, t.dataPrevista).where(sql`data_entrega is null`)],
);

/**
 * NF-es whose occurrence charges changed (an event of a 'Cobrança adicional' kind written, moved or removed):
 * their CT-es' audits are recomputed by auditorias/reauditoria-ocorrencias.ts. Filled by statement triggers on
 * eventos_ocorrencia (every write path: typed, portal, OCOREN, late NF-e link), so none is missed; a row
 * stays until its CT-es were re-audited (survives a crash).
 */
export const reauditoriaOcorrencias = pgTable(
  'reauditoria_ocorrencias',
  {
    embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    nfeUid: uuid()
      .notNull()
      .references(() => nfes.uid, { onDelete: 'cascade' }),
    desde: tstz().notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.embarcadorUid, t.nfeUid] }), index('reauditoria_ocorrencias_desde_idx').on(t.desde)],
);
