import { date, integer, jsonb, numeric, pgTable, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps, uidPk } from './columns.ts';
import { embarcadores, usuarios } from './identidade.ts';

/** A user's saved dashboard/BI filters, per shipper (GET/POST bi). */
export const biConfiguracoes = pgTable('bi_configuracoes', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  usuarioUid: uuid().notNull().references(() => usuarios.uid, { onDelete: 'cascade' }),
  config: jsonb().notNull().default({}),
  ...timestamps(),
}, (t) => [uniqueIndex('bi_configuracoes_uq').on(t.embarcadorUid, t.usuarioUid)]);

// BI summary tables (docs/BI.md): kept exact by statement-level triggers on nfes, rastreios,
// eventos_ocorrencia and ctes (migration *_bi_resumo_dados.sql), in the same transaction as the write.
// Key: shipper × São Paulo day of emission × carrier × destination UF (× the carrier's name as written on
// the document when it has no registered carrier). No foreign keys: the triggers subtract what a deleted
// document had added, and a cascade would remove it first.

const chaveResumo = {
  embarcadorUid: uuid().notNull(),
  dia: date({ mode: 'string' }).notNull(),
  transportadorUid: uuid(),
  uf: varchar({ length: 2 }),
  /** Only without transportadorUid: the document's carrier name (nfes.transportador_nome / ctes.emitente_nome). */
  nomeSemCadastro: varchar({ length: 255 }),
};

/** What one NF-e (not cancelled, not replaced) adds to resumo_bi_notas: what the triggers subtract when it changes. */
export const resumoBiNota = pgTable('resumo_bi_nota', {
  nfeUid: uuid().primaryKey(),
  ...chaveResumo,
  valorTotal: numeric({ precision: 18, scale: 2 }).notNull(),
  entregue: integer().notNull(),
  diasEntrega: numeric(),
  comPrazo: integer().notNull(),
  noPrazo: integer().notNull(),
  comAtraso: integer().notNull(),
  diasAtraso: integer().notNull(),
  primeiraTentativa: integer().notNull(),
});

/** NF-es per key: counts and sums the BI datasets and the dashboard read instead of scanning nfes. */
export const resumoBiNotas = pgTable('resumo_bi_notas', {
  ...chaveResumo,
  notas: integer().notNull(),
  valorTotal: numeric({ precision: 18, scale: 2 }).notNull(),
  entregues: integer().notNull(),
  somaDiasEntrega: numeric().notNull(),
  comPrazo: integer().notNull(),
  noPrazo: integer().notNull(),
  comAtraso: integer().notNull(),
  somaDiasAtraso: integer().notNull(),
  primeiraTentativa: integer().notNull(),
}, (t) => [unique('resumo_bi_notas_uq').on(t.embarcadorUid, t.dia, t.transportadorUid, t.uf, t.nomeSemCadastro).nullsNotDistinct()]);

/** CT-es (not cancelled) per key. */
export const resumoBiCtes = pgTable('resumo_bi_ctes', {
  ...chaveResumo,
  ctes: integer().notNull(),
  valorPrestacao: numeric({ precision: 18, scale: 2 }).notNull(),
  valorCarga: numeric({ precision: 18, scale: 2 }).notNull(),
  pesoCarga: numeric({ precision: 18, scale: 4 }).notNull(),
}, (t) => [unique('resumo_bi_ctes_uq').on(t.embarcadorUid, t.dia, t.transportadorUid, t.uf, t.nomeSemCadastro).nullsNotDistinct()]);
