import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { tstz, uidPk } from './columns.ts';
import { embarcadores } from './identidade.ts';

/** Where the SEFAZ distribution of one shipper stands, per service and interested CNPJ (the NSU loop). */
export const sefazDistribuicao = pgTable('sefaz_distribuicao', {
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  servico: varchar({ length: 3 }).notNull(),
  cnpj: varchar({ length: 14 }).notNull(),
  ultimoNsu: varchar({ length: 15 }).notNull().default('000000000000000'),
  maxNsu: varchar({ length: 15 }).notNull().default('000000000000000'),
  /** Not before this (cStat 137: nothing new; 656: consumption limit): the service's rule is one hour. */
  proximaConsultaEm: tstz(),
  ultimoCStat: varchar({ length: 5 }),
  ultimoMotivo: text(),
  atualizadoEm: tstz().notNull().default(sql`now()`),
}, (t) => [primaryKey({ columns: [t.embarcadorUid, t.servico, t.cnpj] })]);

/** Summaries the distribution hands out before the full document (resNFe, resEvento): kept as such. */
export const sefazResumos = pgTable('sefaz_resumos', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  servico: varchar({ length: 3 }).notNull(),
  cnpjInteressado: varchar({ length: 14 }).notNull(),
  nsu: varchar({ length: 15 }).notNull(),
  schema: varchar({ length: 40 }).notNull(),
  chave: varchar({ length: 44 }),
  emitenteDocumento: varchar({ length: 14 }),
  emitenteNome: varchar({ length: 150 }),
  emissao: varchar({ length: 40 }),
  valor: numeric({ precision: 15, scale: 2 }),
  situacao: varchar({ length: 2 }),
  xml: text().notNull(),
  criadoEm: tstz().notNull().default(sql`now()`),
}, (t) => [
  uniqueIndex('sefaz_resumos_nsu_uq').on(t.embarcadorUid, t.servico, t.cnpjInteressado, t.nsu),
  index('sefaz_resumos_chave_idx').on(t.embarcadorUid, t.chave),
]);
