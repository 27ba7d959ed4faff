import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { tstz, uidPk } from './columns.ts';

// Cross-cutting tables: audit trail, stored files, outgoing e-mail.
export const auditoriaSistema = pgTable('auditoria_sistema', {
  uid: uidPk(),
  embarcadorUid: uuid(),
  usuarioUid: uuid(),
  recurso: varchar({ length: 60 }).notNull(),
  registroUid: varchar({ length: 80 }).notNull(),
  acao: varchar({ length: 40 }).notNull(),
  antes: jsonb(),
  depois: jsonb(),
  em: tstz().notNull().default(sql`now()`),
}, (t) => [index().on(t.embarcadorUid, t.em), index().on(t.recurso, t.registroUid)]);

export const arquivos = pgTable('arquivos', {
  uid: uidPk(),
  embarcadorUid: uuid(),
  tipo: varchar({ length: 30 }).notNull(),
  nome: varchar({ length: 255 }).notNull(),
  tipoConteudo: varchar({ length: 120 }).notNull(),
  tamanho: bigint({ mode: 'number' }).notNull(),
  chave: varchar({ length: 255 }).notNull(),
  criadoPor: uuid(),
  criadoEm: tstz().notNull().default(sql`now()`),
});

export const emailOutbox = pgTable('email_outbox', {
  uid: uidPk(),
  para: varchar({ length: 150 }).notNull(),
  assunto: varchar({ length: 255 }).notNull(),
  texto: text().notNull(),
  html: text(),
  enviadoEm: tstz(),
  erro: text(),
  criadoEm: tstz().notNull().default(sql`now()`),
});

/** Resources whose default grant (core `RecursoDef.concessao`) this database's roles already received. */
export const concessoesAplicadas = pgTable('concessoes_aplicadas', {
  recurso: varchar({ length: 60 }).primaryKey(),
  aplicadaEm: tstz().notNull().default(sql`now()`),
});

/**
 * Row counts of a tenant's table, kept by statement triggers (migration `contagem_linhas_dados`) so an
 * unfiltered list reads its exact total without counting every row (framework/contagem.ts). Append-only
 * deltas (+n on insert, −n on delete, the net of an update that moves rows between tenants): writers
 * never wait on each other; the sum of a (tabela, embarcador) is its count in any snapshot. A writer now
 * and then folds the deltas of its tenant into one row (behind an advisory lock). No foreign key: the
 * deltas of a deleted shipper's rows are written while the shipper is being deleted.
 */
export const contagemLinhas = pgTable(
  'contagem_linhas',
  {
    tabela: varchar({ length: 63 }).notNull(),
    embarcadorUid: uuid().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [index('contagem_linhas_chave_idx').on(t.tabela, t.embarcadorUid)],
);
