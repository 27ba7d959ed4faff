import { date, integer, jsonb, numeric, pgTable, primaryKey, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
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

// Audits and paid CT-es (migration *_bi_resumo_auditorias.sql): one generic function and trigger keep them;
// each summary's formula is a view (resumo_bi_auditorias_v, resumo_bi_faturas_v) with one row per document
// (`doc`); the per-document table holds what each document added, the summary its sums per key.

/** The comparison's result (auditorias.resultado_calculo) of the audits: the dashboard's "divergências" card and the
 * scorecard's invoice accuracy and divergence in R$. `divergenciaValorada` counts the divergent audits with a
 * difference, so an all-null sum reads "0" as the raw aggregate gives it. */
const medidasCalculo = {
  calculoAprovado: integer().notNull().default(0),
  calculoDivergente: integer().notNull().default(0),
  divergenciaValorada: integer().notNull().default(0),
  valorDivergencia: numeric({ precision: 18, scale: 2 }).notNull().default('0'),
};

/** What one audit (not cancelled) adds: the view resumo_bi_auditorias_v's row (doc = auditorias.uid). */
export const resumoBiAuditoria = pgTable('resumo_bi_auditoria', {
  doc: uuid().primaryKey(),
  embarcadorUid: uuid().notNull(),
  dia: date({ mode: 'string' }).notNull(),
  transportadorUid: uuid(),
  uf: varchar({ length: 2 }),
  auditadas: integer().notNull(),
  aprovadas: integer().notNull(),
  divergentes: integer().notNull(),
  aceitas: integer().notNull(),
  semCalculo: integer().notNull(),
  ...medidasCalculo,
});

/** Audits per shipper × São Paulo day of the audit's emission × carrier × CT-e destination UF. */
export const resumoBiAuditorias = pgTable('resumo_bi_auditorias', {
  embarcadorUid: uuid().notNull(),
  dia: date({ mode: 'string' }).notNull(),
  transportadorUid: uuid(),
  uf: varchar({ length: 2 }),
  auditadas: integer().notNull(),
  aprovadas: integer().notNull(),
  divergentes: integer().notNull(),
  aceitas: integer().notNull(),
  semCalculo: integer().notNull(),
  ...medidasCalculo,
}, (t) => [unique('resumo_bi_auditorias_uq').on(t.embarcadorUid, t.dia, t.transportadorUid, t.uf).nullsNotDistinct()]);

/** What one CT-e in a paid invoice adds: the view resumo_bi_faturas_v's row (doc = fatura_ctes.cte_uid). */
export const resumoBiFaturaCte = pgTable('resumo_bi_fatura_cte', {
  doc: uuid().notNull(),
  embarcadorUid: uuid().notNull(),
  dia: date({ mode: 'string' }).notNull(),
  transportadorUid: uuid(),
  uf: varchar({ length: 2 }),
  condicaoPagamentoUid: uuid(),
  ctes: integer().notNull(),
  somaDias: integer().notNull(),
  valor: numeric({ precision: 18, scale: 2 }).notNull(),
}, (t) => [primaryKey({ columns: [t.doc, t.embarcadorUid] })]);

/** CT-es of paid invoices per shipper × São Paulo day of the CT-e's emission × carrier × UF × payment condition. */
export const resumoBiFaturas = pgTable('resumo_bi_faturas', {
  embarcadorUid: uuid().notNull(),
  dia: date({ mode: 'string' }).notNull(),
  transportadorUid: uuid(),
  uf: varchar({ length: 2 }),
  condicaoPagamentoUid: uuid(),
  ctes: integer().notNull(),
  somaDias: integer().notNull(),
  valor: numeric({ precision: 18, scale: 2 }).notNull(),
}, (t) => [unique('resumo_bi_faturas_uq').on(t.embarcadorUid, t.dia, t.transportadorUid, t.uf, t.condicaoPagamentoUid).nullsNotDistinct()]);

/** What one freight bill (fatura) adds: the view resumo_bi_contas_frete_v's row (doc = faturas.uid). */
export const resumoBiContaFrete = pgTable('resumo_bi_conta_frete', {
  doc: uuid().primaryKey(),
  embarcadorUid: uuid().notNull(),
  dia: date({ mode: 'string' }).notNull(),
  transportadorUid: uuid(),
  faturas: integer().notNull(),
  pagas: integer().notNull(),
  valor: numeric({ precision: 18, scale: 2 }).notNull(),
});

/** Freight bills (the dashboard's "conta frete" card) per shipper × the bill's emission day × carrier. */
export const resumoBiContasFrete = pgTable('resumo_bi_contas_frete', {
  embarcadorUid: uuid().notNull(),
  dia: date({ mode: 'string' }).notNull(),
  transportadorUid: uuid(),
  faturas: integer().notNull(),
  pagas: integer().notNull(),
  valor: numeric({ precision: 18, scale: 2 }).notNull(),
}, (t) => [unique('resumo_bi_contas_frete_uq').on(t.embarcadorUid, t.dia, t.transportadorUid).nullsNotDistinct()]);
