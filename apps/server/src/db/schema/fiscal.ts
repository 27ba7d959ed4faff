import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps, tstz, uidPk } from './columns.ts';
import { embarcadores, transportadores, unidadesEmbarcador, unidadesTransportador } from './identidade.ts';

// Fiscal documents: NF-e (and virtual notes typed before the real one exists), CT-e, their items,
// components and links. Every list filter of the screens has an index led by the shipper (or the
// carrier, for carrier mode), so a page of a million-row table is an index top-N.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

const doc = (length = 20) => varchar({ length });

export const nfes = pgTable('nfes', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  /** null for a virtual note */
  chave: varchar({ length: 44 }),
  virtual: boolean().notNull().default(false),
  /** A virtual note replaced by the real one (which took its place in every link). */
  substituidaPorUid: uuid(),
  versao: varchar({ length: 5 }),
  numero: integer().notNull(),
  serie: integer().notNull(),
  modelo: smallint().notNull().default(55),
  emissao: tstz().notNull(),
  /** dhEmi as written (with its UTC offset), served as is. */
  emissaoTexto: varchar({ length: 30 }).notNull(),
  tipoAmbiente: smallint(),
  tipoOperacao: smallint(),
  naturezaOperacao: varchar({ length: 255 }),
  emitenteDocumento: doc(),
  emitenteNome: varchar({ length: 255 }),
  emitenteUf: varchar({ length: 2 }),
  emitenteMunicipioIbge: varchar({ length: 7 }),
  emitenteMunicipio: varchar({ length: 120 }),
  destinatarioDocumento: doc(),
  destinatarioIdEstrangeiro: varchar({ length: 20 }),
  destinatarioNome: varchar({ length: 255 }),
  destinatarioUf: varchar({ length: 2 }),
  destinatarioMunicipioIbge: varchar({ length: 7 }),
  destinatarioMunicipio: varchar({ length: 120 }),
  valorTotal: numeric({ precision: 15, scale: 2 }),
  valorProdutos: numeric({ precision: 15, scale: 2 }),
  valorFrete: numeric({ precision: 15, scale: 2 }),
  pesoBruto: numeric({ precision: 15, scale: 4 }),
  pesoLiquido: numeric({ precision: 15, scale: 4 }),
  volumes: numeric({ precision: 15, scale: 0 }),
  modalidadeFrete: smallint(),
  transportadorDocumento: doc(),
  transportadorNome: varchar({ length: 255 }),
  /** The carrier whose CNPJ is the transporter's (null when none is registered). */
  transportadorUid: uuid().references(() => transportadores.uid, { onDelete: 'set null' }),
  /** The shipper's unit whose CNPJ is the issuer's or the recipient's. */
  unidadeEmbarcadorUid: uuid().references(() => unidadesEmbarcador.uid, { onDelete: 'set null' }),
  protocolo: varchar({ length: 20 }),
  dataAutorizacao: tstz(),
  quantidadeItens: integer().notNull().default(0),
  cancelada: boolean().notNull().default(false),
  cancelamentoProtocolo: varchar({ length: 20 }),
  canceladaEm: tstz(),
  chaveValida: boolean().notNull().default(true),
  assinaturaValida: boolean().notNull().default(false),
  avisos: jsonb().$type<string[]>().notNull().default([]),
  observacao: varchar({ length: 500 }),
  ...timestamps(),
}, (t) => [
  uniqueIndex('nfes_chave_uq').on(t.embarcadorUid, t.chave),
  index('nfes_emissao_idx').on(t.embarcadorUid, t.emissao, t.uid),
  // The list (documentos/nfes reads real notes only: `virtual = false`) by period, and by destination UF
  // and period, newest first: partial indexes, so the page's uids and the count are index-only scans
  // (no heap visit to check `virtual`); the page is a backward range scan (uid breaks ties).
  index('nfes_lista_emissao_idx').on(t.embarcadorUid, t.emissao, t.uid).where(sql`not virtual`),
  index('nfes_uf_emissao_idx').on(t.embarcadorUid, t.destinatarioUf, t.emissao, t.uid).where(sql`not virtual`),
  index('nfes_numero_idx').on(t.embarcadorUid, t.numero),
  index('nfes_emitente_idx').on(t.embarcadorUid, t.emitenteDocumento, t.serie, t.numero),
  index('nfes_destinatario_idx').on(t.embarcadorUid, t.destinatarioDocumento),
  // The carrier mode's list (par=transportador: its notes, newest first, uid ascending as the list breaks
  // ties): a forward range scan that stops at the page (replaces (transportador_uid, emissao): same prefix).
  index('nfes_transportador_lista_idx').on(t.transportadorUid, t.emissao.desc().nullsFirst(), t.uid),
  index('nfes_chave_idx').on(t.chave),
  uniqueIndex('nfes_virtual_aberta_uq').on(t.embarcadorUid, t.emitenteDocumento, t.serie, t.numero).where(sql`virtual and substituida_por_uid is null`),
]);

export const nfeItens = pgTable('nfe_itens', {
  uid: uidPk(),
  nfeUid: uuid().notNull().references(() => nfes.uid, { onDelete: 'cascade' }),
  numero: integer().notNull(),
  codigo: varchar({ length: 60 }),
  descricao: varchar({ length: 500 }),
  ncm: varchar({ length: 8 }),
  cfop: varchar({ length: 4 }),
  quantidade: numeric({ precision: 19, scale: 4 }),
  unidade: varchar({ length: 10 }),
  valorUnitario: numeric({ precision: 25, scale: 10 }),
  valor: numeric({ precision: 15, scale: 2 }),
}, (t) => [index('nfe_itens_nfe_idx').on(t.nfeUid, t.numero)]);

export const ctes = pgTable('ctes', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  chave: varchar({ length: 44 }).notNull(),
  versao: varchar({ length: 5 }),
  numero: integer().notNull(),
  serie: integer().notNull(),
  modelo: smallint().notNull().default(57),
  emissao: tstz().notNull(),
  emissaoTexto: varchar({ length: 30 }).notNull(),
  tipoAmbiente: smallint(),
  cfop: varchar({ length: 4 }),
  naturezaOperacao: varchar({ length: 255 }),
  tipoCte: smallint(),
  tipoServico: smallint(),
  modal: varchar({ length: 2 }),
  emitenteDocumento: doc(),
  emitenteNome: varchar({ length: 255 }),
  emitenteUf: varchar({ length: 2 }),
  remetenteDocumento: doc(),
  remetenteNome: varchar({ length: 255 }),
  expedidorDocumento: doc(),
  expedidorNome: varchar({ length: 255 }),
  recebedorDocumento: doc(),
  recebedorNome: varchar({ length: 255 }),
  destinatarioDocumento: doc(),
  destinatarioNome: varchar({ length: 255 }),
  tomadorTipo: smallint(),
  tomadorDocumento: doc(),
  tomadorNome: varchar({ length: 255 }),
  origemMunicipioIbge: varchar({ length: 7 }),
  origemMunicipio: varchar({ length: 120 }),
  origemUf: varchar({ length: 2 }),
  destinoMunicipioIbge: varchar({ length: 7 }),
  destinoMunicipio: varchar({ length: 120 }),
  destinoUf: varchar({ length: 2 }),
  valorPrestacao: numeric({ precision: 15, scale: 2 }),
  valorReceber: numeric({ precision: 15, scale: 2 }),
  valorCarga: numeric({ precision: 15, scale: 2 }),
  icmsCst: varchar({ length: 3 }),
  icmsBase: numeric({ precision: 15, scale: 2 }),
  icmsAliquota: numeric({ precision: 7, scale: 4 }),
  icmsValor: numeric({ precision: 15, scale: 2 }),
  pesoCarga: numeric({ precision: 15, scale: 4 }),
  /** kg of the infQ "PESO CUBADO" (the carrier's cubed weight); the audit weighs the larger of it, pesoCarga and the NF-es'. */
  pesoCubado: numeric({ precision: 15, scale: 4 }),
  /** kg of the infQ "PESO BASE DE CALCULO" / "PESO TAXADO": the weight the carrier says it charged on. */
  pesoBaseCalculo: numeric({ precision: 15, scale: 4 }),
  quantidadeNfes: integer().notNull().default(0),
  chaveOriginal: varchar({ length: 44 }),
  cteOriginalUid: uuid(),
  /** The carrier and its unit whose CNPJ is the issuer's. */
  transportadorUid: uuid().references(() => transportadores.uid, { onDelete: 'set null' }),
  unidadeTransportadorUid: uuid().references(() => unidadesTransportador.uid, { onDelete: 'set null' }),
  protocolo: varchar({ length: 20 }),
  dataAutorizacao: tstz(),
  cancelado: boolean().notNull().default(false),
  cancelamentoProtocolo: varchar({ length: 20 }),
  canceladoEm: tstz(),
  status: smallint().notNull().default(1),
  /** The invoice (fatura) that pays it; set by the invoices module. */
  faturaUid: uuid(),
  chaveValida: boolean().notNull().default(true),
  assinaturaValida: boolean().notNull().default(false),
  /** 'XML' (the document itself) or 'EDI' (known only from a carrier's CONEMB: no XML, provisional key). */
  origemDocumento: varchar({ length: 3 }).notNull().default('XML'),
  avisos: jsonb().$type<string[]>().notNull().default([]),
  ...timestamps(),
}, (t) => [
  uniqueIndex('ctes_chave_uq').on(t.embarcadorUid, t.chave),
  index('ctes_emissao_idx').on(t.embarcadorUid, t.emissao, t.uid),
  index('ctes_situacao_idx').on(t.embarcadorUid, t.cancelado, t.faturaUid, t.emissao),
  // situacao '00' (the invoices' selection list: authorised, not cancelled, not invoiced), newest first.
  index('ctes_disponiveis_idx').on(t.embarcadorUid, t.emissao.desc().nullsFirst(), t.uid).where(sql`not cancelado and status not in (4, 5) and fatura_uid is null and protocolo is not null`),
  // The carrier's own CT-e list, newest first (replaces (transportador_uid, emissao): same prefix).
  index('ctes_transportador_lista_idx').on(t.transportadorUid, t.emissao.desc().nullsFirst(), t.uid),
  index('ctes_numero_idx').on(t.embarcadorUid, t.numero),
  index('ctes_original_idx').on(t.embarcadorUid, t.chaveOriginal),
  // A CT-e's complementares by the original's uid (the audit's complementaresDe, the CT-e detail).
  index('ctes_original_uid_idx').on(t.cteOriginalUid).where(sql`${t.cteOriginalUid} is not null`),
]);

export const cteComponentes = pgTable('cte_componentes', {
  cteUid: uuid().notNull().references(() => ctes.uid, { onDelete: 'cascade' }),
  ordem: smallint().notNull(),
  nome: varchar({ length: 60 }).notNull(),
  valor: numeric({ precision: 15, scale: 2 }).notNull(),
}, (t) => [primaryKey({ columns: [t.cteUid, t.ordem] })]);

/** CT-e ↔ NF-e by access key; nfe_uid is filled when the note is (or later gets) imported. */
export const cteNfes = pgTable('cte_nfes', {
  cteUid: uuid().notNull().references(() => ctes.uid, { onDelete: 'cascade' }),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  chave: varchar({ length: 44 }).notNull(),
  ordem: smallint().notNull(),
  nfeUid: uuid().references(() => nfes.uid, { onDelete: 'set null' }),
}, (t) => [primaryKey({ columns: [t.cteUid, t.chave] }), index('cte_nfes_chave_idx').on(t.embarcadorUid, t.chave), index('cte_nfes_nfe_idx').on(t.nfeUid)]);

/** The original XML of each document, gzip-compressed, saved in the same transaction as its record. */
export const documentosXml = pgTable('documentos_xml', {
  documentoUid: uuid().primaryKey(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  tipo: varchar({ length: 3 }).notNull(),
  nome: varchar({ length: 255 }).notNull(),
  tamanho: integer().notNull(),
  conteudo: bytea().notNull(),
  criadoEm: tstz().notNull().default(sql`now()`),
});
