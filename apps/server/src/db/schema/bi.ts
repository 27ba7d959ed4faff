import { type PgColumnBuilderBase, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
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

// Key columns, in the order every summary table and view has them (the generic function copies rows by position).
const chaveDia = { embarcadorUid: uuid().notNull(), dia: date({ mode: 'string' }).notNull() };
const chaveTransportador = { ...chaveDia, transportadorUid: uuid() };
const chaveUf = { ...chaveTransportador, uf: varchar({ length: 2 }) };
const chaveResumo = {
  ...chaveUf,
  /** Only without transportadorUid: the document's carrier name (nfes.transportador_nome / ctes.emitente_nome). */
  nomeSemCadastro: varchar({ length: 255 }),
};
const dinheiro = () => numeric({ precision: 18, scale: 2 }).notNull();
const contagem = () => integer().notNull();

/** What one NF-e (not cancelled, not replaced) adds to resumo_bi_notas: what the triggers subtract when it changes. */
export const resumoBiNota = pgTable('resumo_bi_nota', {
  nfeUid: uuid().primaryKey(),
  ...chaveResumo,
  valorTotal: dinheiro(),
  entregue: contagem(),
  diasEntrega: numeric(),
  comPrazo: contagem(),
  noPrazo: contagem(),
  comAtraso: contagem(),
  diasAtraso: contagem(),
  primeiraTentativa: contagem(),
});

/** NF-es per key: counts and sums the BI datasets and the dashboard read instead of scanning nfes. */
export const resumoBiNotas = pgTable('resumo_bi_notas', {
  ...chaveResumo,
  notas: contagem(),
  valorTotal: dinheiro(),
  entregues: contagem(),
  somaDiasEntrega: numeric().notNull(),
  comPrazo: contagem(),
  noPrazo: contagem(),
  comAtraso: contagem(),
  somaDiasAtraso: contagem(),
  primeiraTentativa: contagem(),
}, (t) => [unique('resumo_bi_notas_uq').on(t.embarcadorUid, t.dia, t.transportadorUid, t.uf, t.nomeSemCadastro).nullsNotDistinct()]);

/** CT-es (not cancelled) per key. */
export const resumoBiCtes = pgTable('resumo_bi_ctes', {
  ...chaveResumo,
  ctes: contagem(),
  valorPrestacao: dinheiro(),
  valorCarga: dinheiro(),
  pesoCarga: numeric({ precision: 18, scale: 4 }).notNull(),
}, (t) => [unique('resumo_bi_ctes_uq').on(t.embarcadorUid, t.dia, t.transportadorUid, t.uf, t.nomeSemCadastro).nullsNotDistinct()]);

// The summaries kept by the generic function and trigger (resumo_bi_aplicar / resumo_bi_gatilho; migrations
// *_bi_resumo_auditorias.sql, *_bi_resumo_conta_frete.sql, *_bi_resumo_cotacoes.sql): each summary's formula is a view
// (resumo_bi_<nome>_v) with one row per document (`doc`); the per-document table holds what each document added (the
// view's columns, in its order), the summary its sums per key. New columns go LAST in both (CREATE OR REPLACE VIEW).

/** A summary declared to resumo_bi_aplicar: the per-document table (`doc` first, then `colunas`) and the sums per key. */
function resumoGenerico<C extends Record<string, PgColumnBuilderBase>>(documentos: string, resumo: string, colunas: C, chave: (keyof C & string)[], doc = uuid().primaryKey()) {
  return [
    pgTable(documentos, { doc, ...colunas }),
    pgTable(resumo, colunas, (t) => [unique(`${resumo}_uq`).on(...chave.map((k) => t[k] as never) as [never, ...never[]]).nullsNotDistinct()]),
  ] as const;
}

/** The comparison's result (auditorias.resultado_calculo) of the audits: the dashboard's "divergências" card and the
 * scorecard's invoice accuracy and divergence in R$. `divergenciaValorada` counts the divergent audits with a
 * difference, so an all-null sum reads "0" as the raw aggregate gives it. */
const medidasCalculo = {
  calculoAprovado: integer().notNull().default(0),
  calculoDivergente: integer().notNull().default(0),
  divergenciaValorada: integer().notNull().default(0),
  valorDivergencia: numeric({ precision: 18, scale: 2 }).notNull().default('0'),
};
const chaves = ['embarcadorUid', 'dia', 'transportadorUid', 'uf'] as const;

/** Audits (not cancelled) per shipper × São Paulo day of the audit's emission × carrier × CT-e destination UF (view resumo_bi_auditorias_v, doc = auditorias.uid). */
export const [resumoBiAuditoria, resumoBiAuditorias] = resumoGenerico('resumo_bi_auditoria', 'resumo_bi_auditorias', {
  ...chaveUf, auditadas: contagem(), aprovadas: contagem(), divergentes: contagem(), aceitas: contagem(), semCalculo: contagem(), ...medidasCalculo,
}, [...chaves]);

/** CT-es of paid invoices per shipper × São Paulo day of the CT-e's emission × carrier × UF × payment condition
 * (view resumo_bi_faturas_v, doc = fatura_ctes.cte_uid; one per shipper). */
export const resumoBiFaturaCte = pgTable('resumo_bi_fatura_cte', {
  doc: uuid().notNull(), ...chaveUf, condicaoPagamentoUid: uuid(), ctes: contagem(), somaDias: contagem(), valor: dinheiro(),
}, (t) => [primaryKey({ columns: [t.doc, t.embarcadorUid] })]);
export const resumoBiFaturas = pgTable('resumo_bi_faturas', {
  ...chaveUf, condicaoPagamentoUid: uuid(), ctes: contagem(), somaDias: contagem(), valor: dinheiro(),
}, (t) => [unique('resumo_bi_faturas_uq').on(t.embarcadorUid, t.dia, t.transportadorUid, t.uf, t.condicaoPagamentoUid).nullsNotDistinct()]);

const medidasContaFrete = { faturas: contagem(), pagas: contagem(), valor: dinheiro() };
/** Freight bills (the dashboard's "conta frete" card) per shipper × the bill's emission day × carrier (view resumo_bi_contas_frete_v, doc = faturas.uid). */
export const [resumoBiContaFrete, resumoBiContasFrete] = resumoGenerico('resumo_bi_conta_frete', 'resumo_bi_contas_frete',
  { ...chaveTransportador, ...medidasContaFrete }, ['embarcadorUid', 'dia', 'transportadorUid']);

/** Bills per emission day × carrier × destination UF of their CT-es: the "conta frete" card with a UF filter (view
 * resumo_bi_contas_frete_uf_v, one row per bill and UF: doc = faturas.uid, not unique). */
export const resumoBiContaFreteUf = pgTable('resumo_bi_conta_frete_uf', { doc: uuid().notNull(), ...chaveUf, ...medidasContaFrete },
  (t) => [index('resumo_bi_conta_frete_uf_doc_idx').on(t.doc)]);
export const resumoBiContasFreteUf = pgTable('resumo_bi_contas_frete_uf', { ...chaveUf, ...medidasContaFrete },
  (t) => [unique('resumo_bi_contas_frete_uf_uq').on(t.embarcadorUid, t.dia, t.transportadorUid, t.uf).nullsNotDistinct()]);

/** Approved / target values of finalized quotations (status 4) and how many had one (an all-null sum reads "0" as the raw one). */
const medidasFinalizadas = { finalizadas: contagem(), aprovadoValorado: contagem(), valorAprovado: dinheiro(), alvoValorado: contagem(), valorAlvo: dinheiro() };

/** Quotations (bi/cotacoes without a carrier) per shipper × São Paulo day of creation (view resumo_bi_cotacoes_v, doc = cotacoes_frete.uid). */
export const [resumoBiCotacao, resumoBiCotacoes] = resumoGenerico('resumo_bi_cotacao', 'resumo_bi_cotacoes', {
  ...chaveDia, cotacoes: contagem(), convites: contagem(), respostas: contagem(), ...medidasFinalizadas,
}, ['embarcadorUid', 'dia']);

/** Invitations per shipper × quotation's creation day × carrier: bi/cotacoes of one carrier and the scorecard's quotation
 * columns (view resumo_bi_convites_v, doc = cotacao_transportadores.uid). */
export const [resumoBiConvite, resumoBiConvites] = resumoGenerico('resumo_bi_convite', 'resumo_bi_convites', {
  ...chaveTransportador, convites: contagem(), respostas: contagem(), vencidas: contagem(), ...medidasFinalizadas,
}, ['embarcadorUid', 'dia', 'transportadorUid']);

/** Events per shipper × São Paulo day of the event × its carrier × kind: bi/tracking's `ocorrencias` (view resumo_bi_eventos_v, doc = eventos_ocorrencia.uid). */
export const [resumoBiEvento, resumoBiEventos] = resumoGenerico('resumo_bi_evento', 'resumo_bi_eventos', {
  ...chaveTransportador, ocorrenciaUid: uuid(), eventos: contagem(),
}, ['embarcadorUid', 'dia', 'transportadorUid', 'ocorrenciaUid']);

/** Undelivered notes (counted by the BI, no delivery date) per key: the inputs of their tracking status, whose answer
 * depends on today (modules/tracking statusRastreioSql): bi/tracking's undelivered situations and days late,
 * performancemensalnf's "atrasadas" (view resumo_bi_pendentes_v, doc = nfes.uid). */
export const [resumoBiPendente, resumoBiPendentes] = resumoGenerico('resumo_bi_pendente', 'resumo_bi_pendentes', {
  ...chaveUf,
  dataPrevista: date({ mode: 'string' }),
  excecao: boolean().notNull(),
  /** São Paulo day of the last event, else of the emission. */
  ultimaNoticia: date({ mode: 'string' }).notNull(),
  notas: contagem(),
}, [...chaves, 'dataPrevista', 'excecao', 'ultimaNoticia']);

/** Events of a kind other than "delivered" on the counted notes, per the notes' key: the scorecard's occurrences per 100
 * deliveries (view resumo_bi_ocorrencias_notas_v, doc = nfes.uid; only notes with such an event). */
export const [resumoBiOcorrenciasNota, resumoBiOcorrenciasNotas] = resumoGenerico('resumo_bi_ocorrencias_nota', 'resumo_bi_ocorrencias_notas',
  { ...chaveUf, eventos: contagem() }, [...chaves]);
