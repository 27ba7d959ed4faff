import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, numeric, pgTable, smallint, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps, tstz, uidPk } from './columns.ts';
import { embarcadores, transportadores, unidadesTransportador } from './identidade.ts';

// Freight audit and settlement: tolerances, one audit per CT-e (with its special taxes), the carrier's
// running balance, pre-invoices, invoices, payment conditions and RPAs. CT-es live in the fiscal tables
// (issue 10); an audit keeps the CT-e's uid and the few fields its list filters on.

const dinheiro = () => numeric({ precision: 15, scale: 2 });
const taxa = () => numeric({ precision: 9, scale: 4 });

export const toleranciasAuditoria = pgTable('tolerancias_auditoria', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  /** null: every carrier. */
  transportadorUid: uuid().references(() => transportadores.uid, { onDelete: 'cascade' }),
  /** Catalogue code; null: the total and every component without its own. */
  componente: varchar({ length: 40 }),
  percentualAcima: taxa(),
  valorAcima: dinheiro(),
  percentualAbaixo: taxa(),
  valorAbaixo: dinheiro(),
  aceitarAbaixo: boolean().notNull().default(false),
  ...timestamps(),
}, (t) => [unique('tolerancias_auditoria_uq').on(t.embarcadorUid, t.transportadorUid, t.componente).nullsNotDistinct()]);

export const auditorias = pgTable('auditorias', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  cteUid: uuid().notNull(),
  chaveCte: varchar({ length: 44 }).notNull(),
  numeroCte: integer().notNull(),
  serieCte: integer().notNull(),
  emissao: tstz().notNull(),
  transportadorUid: uuid().references(() => transportadores.uid, { onDelete: 'set null' }),
  unidadeTransportadorUid: uuid().references(() => unidadesTransportador.uid, { onDelete: 'set null' }),
  /** STATUS.auditoria: 1 Aprovada, 2 Divergente, 3 Sem cálculo, 4 Aceita, 5 Cancelada. */
  status: smallint().notNull(),
  /** The comparison's own result (1/2/3), kept when a person accepts, so reabrir returns to it. */
  resultadoCalculo: smallint().notNull(),
  fonte: varchar({ length: 10 }),
  referenciaUid: uuid(),
  valorCobrado: dinheiro().notNull(),
  valorEsperado: dinheiro(),
  diferenca: dinheiro(),
  resumo: varchar({ length: 2000 }).notNull(),
  linhas: jsonb().notNull().default([]),
  memoria: jsonb(),
  /** Reason given when accepted (aceitar-auditoria). */
  mensagem: varchar({ length: 1000 }),
  aceitaPorUid: uuid(),
  aceitaEm: tstz(),
  auditadaEm: tstz().notNull().default(sql`now()`),
  /** The pre-invoice that groups it (approved or accepted CT-es only); a deleted pre-invoice lets go of it. */
  preFaturaUid: uuid().references((): AnyPgColumn => preFaturas.uid, { onDelete: 'set null' }),
  ...timestamps(),
}, (t) => [
  uniqueIndex('auditorias_cte_uq').on(t.embarcadorUid, t.cteUid),
  index('auditorias_emissao_idx').on(t.embarcadorUid, t.emissao, t.uid),
  index('auditorias_status_emissao_idx').on(t.embarcadorUid, t.status, t.emissao),
  index('auditorias_transportador_idx').on(t.embarcadorUid, t.transportadorUid, t.emissao),
  index('auditorias_pre_fatura_idx').on(t.preFaturaUid),
  // The BI summary's trigger on ctes finds the audits of the changed CT-es.
  index('auditorias_cte_idx').on(t.cteUid),
]);

export const auditoriaTaxasEspeciais = pgTable('auditoria_taxas_especiais', {
  uid: uidPk(),
  auditoriaUid: uuid().notNull().references(() => auditorias.uid, { onDelete: 'cascade' }),
  descricao: varchar({ length: 120 }).notNull(),
  componente: varchar({ length: 40 }),
  valor: dinheiro().notNull(),
  ...timestamps(),
}, (t) => [index().on(t.auditoriaUid), check('auditoria_taxas_valor_ck', sql`${t.valor} > 0`)]);

/** The carrier's running balance: every accepted divergence and every netting, dated, with its document. */
export const contaCorrenteTransportador = pgTable('conta_corrente_transportador', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  transportadorUid: uuid().notNull().references(() => transportadores.uid, { onDelete: 'cascade' }),
  data: tstz().notNull().default(sql`now()`),
  /** Positive: the carrier owes the shipper (overcharge accepted); negative: the shipper owes it. */
  valor: dinheiro().notNull(),
  historico: varchar({ length: 500 }).notNull(),
  documentoTipo: varchar({ length: 20 }).notNull(),
  documentoUid: uuid().notNull(),
  usuarioUid: uuid(),
}, (t) => [index('conta_corrente_transportador_idx').on(t.embarcadorUid, t.transportadorUid, t.data)]);

export const condicoesPagamento = pgTable('condicoes_pagamento', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  nome: varchar({ length: 120 }).notNull(),
  /** 'EMISSAO' or 'VALIDACAO': what the days count from. */
  base: varchar({ length: 10 }).notNull().default('EMISSAO'),
  /** Days of each instalment, e.g. [30, 60, 90]. */
  parcelas: jsonb().$type<number[]>().notNull(),
  ativo: boolean().notNull().default(true),
  ...timestamps(),
}, (t) => [uniqueIndex('condicoes_pagamento_nome_uq').on(t.embarcadorUid, t.nome)]);

export const preFaturas = pgTable('pre_faturas', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  transportadorUid: uuid().notNull().references(() => transportadores.uid, { onDelete: 'restrict' }),
  unidadeTransportadorUid: uuid().references(() => unidadesTransportador.uid, { onDelete: 'restrict' }),
  status: smallint().notNull().default(1),
  valorTotal: dinheiro().notNull().default('0'),
  quantidadeCtes: integer().notNull().default(0),
  automatica: boolean().notNull().default(false),
  liberadaEm: tstz(),
  observacao: varchar({ length: 500 }),
  ...timestamps(),
}, (t) => [
  index('pre_faturas_idx').on(t.embarcadorUid, t.status, t.criadoEm),
  // The carrier user's list: its released pre-invoices across shippers.
  index('pre_faturas_transportador_idx').on(t.transportadorUid, t.status, t.criadoEm),
  // One open automatic pre-invoice per shipper, carrier and unit (no unit counts as one): the audit's
  // INSERT … ON CONFLICT DO NOTHING (auditorias/repository.ts preFaturaAutomaticaAberta) relies on it.
  uniqueIndex('pre_faturas_automatica_aberta_uq')
    .on(t.embarcadorUid, t.transportadorUid, sql`coalesce(${t.unidadeTransportadorUid}, '00000000-0000-0000-0000-000000000000'::uuid)`)
    .where(sql`${t.status} = 1 and ${t.automatica}`),
]);

export const faturas = pgTable('faturas', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  transportadorUid: uuid().notNull().references(() => transportadores.uid, { onDelete: 'restrict' }),
  unidadeTransportadorUid: uuid().references(() => unidadesTransportador.uid, { onDelete: 'restrict' }),
  preFaturaUid: uuid().references(() => preFaturas.uid, { onDelete: 'set null' }),
  condicaoPagamentoUid: uuid().references(() => condicoesPagamento.uid, { onDelete: 'restrict' }),
  numero: varchar({ length: 30 }).notNull(),
  emissao: date({ mode: 'string' }).notNull(),
  vencimento: date({ mode: 'string' }).notNull(),
  valor: dinheiro().notNull(),
  /** Netting of the carrier's running balance taken on this invoice. */
  valorDesconto: dinheiro().notNull().default('0'),
  status: smallint().notNull().default(1),
  validadaEm: tstz(),
  dataPagamento: date({ mode: 'string' }),
  observacao: varchar({ length: 500 }),
  ...timestamps(),
}, (t) => [
  uniqueIndex('faturas_numero_uq').on(t.embarcadorUid, t.transportadorUid, t.numero),
  index('faturas_idx').on(t.embarcadorUid, t.status, t.emissao),
  check('faturas_valor_ck', sql`${t.valor} >= 0 and ${t.valorDesconto} >= 0`),
]);

/** CT-es paid by an invoice: a CT-e is in one invoice at most (the unique index says so, under races too). */
export const faturaCtes = pgTable('fatura_ctes', {
  faturaUid: uuid().notNull().references(() => faturas.uid, { onDelete: 'cascade' }),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  cteUid: uuid().notNull(),
  auditoriaUid: uuid().references(() => auditorias.uid, { onDelete: 'set null' }),
  valor: dinheiro().notNull(),
}, (t) => [uniqueIndex('fatura_ctes_cte_uq').on(t.embarcadorUid, t.cteUid), index().on(t.faturaUid), index('fatura_ctes_cte_idx').on(t.cteUid)]);

export const rpas = pgTable('rpas', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  numero: integer().generatedAlwaysAsIdentity(),
  unidadeTransportadorUid: uuid().notNull().references(() => unidadesTransportador.uid, { onDelete: 'restrict' }),
  motoristaUid: uuid(),
  data: date({ mode: 'string' }).notNull(),
  descricao: varchar({ length: 500 }),
  valorFrete: dinheiro().notNull(),
  dependentes: smallint().notNull().default(0),
  aliquotaIss: taxa(),
  /** Result of calcularRpa (core), frozen when issued. */
  calculo: jsonb().notNull(),
  baseInssLimitada: dinheiro().notNull(),
  valorLiquido: dinheiro().notNull(),
  status: smallint().notNull().default(1),
  emitidoEm: tstz(),
  ...timestamps(),
}, (t) => [index('rpas_idx').on(t.embarcadorUid, t.data), index('rpas_unidade_mes_idx').on(t.unidadeTransportadorUid, t.data)]);

/**
 * The shipper's RPA tables (dated versions): where one covers a receipt's date it replaces the built-in
 * legal table of packages/core/src/rpa/tabelas.ts. Versions of a shipper never overlap (checked on write).
 */
export const tabelasRpa = pgTable('tabelas_rpa', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  vigenciaInicio: date({ mode: 'string' }).notNull(),
  vigenciaFim: date({ mode: 'string' }),
  tetoInss: dinheiro().notNull(),
  percentualBaseInss: taxa().notNull(),
  aliquotaInss: taxa().notNull(),
  aliquotaSest: taxa().notNull(),
  aliquotaSenat: taxa().notNull(),
  aliquotaInssPatronal: taxa().notNull(),
  percentualBaseIrrf: taxa().notNull(),
  deducaoDependente: dinheiro().notNull(),
  /** [{ate, aliquota, deducao}], ascending; the last has ate null. */
  faixasIrrf: jsonb().$type<{ ate: number | null; aliquota: number; deducao: number }[]>().notNull(),
  reducaoIrrf: jsonb().$type<{ ate: number; maximo: number; ateFaixa: number; constante: number; coeficiente: number } | null>(),
  fonte: varchar({ length: 500 }),
  ...timestamps(),
}, (t) => [uniqueIndex('tabelas_rpa_inicio_uq').on(t.embarcadorUid, t.vigenciaInicio)]);

export const rpaTitulos = pgTable('rpa_titulos', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  rpaUid: uuid().notNull().references(() => rpas.uid, { onDelete: 'cascade' }),
  /** LIQUIDO (to the driver), INSS, IRRF, SEST_SENAT, ISS. */
  tipo: varchar({ length: 12 }).notNull(),
  favorecido: varchar({ length: 150 }).notNull(),
  valor: dinheiro().notNull(),
  vencimento: date({ mode: 'string' }).notNull(),
  status: smallint().notNull().default(1),
  dataPagamento: date({ mode: 'string' }),
  valorPago: dinheiro(),
  ...timestamps(),
}, (t) => [index('rpa_titulos_idx').on(t.embarcadorUid, t.vencimento), index().on(t.rpaUid)]);
