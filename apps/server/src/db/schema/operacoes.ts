import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { tstz, uidPk } from './columns.ts';
import { embarcadores } from './identidade.ts';

/**
 * The task queue. A task is claimed by one worker at a time (FOR UPDATE SKIP LOCKED) and held by a lease
 * (`vivoEm`, renewed while it runs): a crashed worker's task is taken over when the lease expires.
 */
export const tarefas = pgTable('tarefas', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  usuarioUid: uuid(),
  tipo: varchar({ length: 60 }).notNull(),
  status: smallint().notNull().default(1),
  parametros: jsonb().notNull().default({}),
  /** Items were created (the task was expanded); until then a restart expands it again from scratch. */
  preparada: boolean().notNull().default(false),
  total: integer().notNull().default(0),
  processados: integer().notNull().default(0),
  erros: integer().notNull().default(0),
  avisos: integer().notNull().default(0),
  cancelar: boolean().notNull().default(false),
  mensagem: text(),
  /** {chave, nome, tipoConteudo} of a generated file (exports). */
  arquivo: jsonb(),
  trabalhador: varchar({ length: 80 }),
  vivoEm: tstz(),
  criadoEm: tstz().notNull().default(sql`now()`),
  iniciadoEm: tstz(),
  concluidoEm: tstz(),
}, (t) => [
  index('tarefas_fila_idx').on(t.status, t.criadoEm),
  index('tarefas_embarcador_idx').on(t.embarcadorUid, t.criadoEm),
]);

export const tarefaItens = pgTable('tarefa_itens', {
  uid: uidPk(),
  tarefaUid: uuid().notNull().references(() => tarefas.uid, { onDelete: 'cascade' }),
  ordem: integer().notNull(),
  nome: varchar({ length: 500 }).notNull(),
  /** Where the item's input is (storage key, ZIP entry, line...): the task type's own shape. */
  ref: jsonb(),
  status: smallint().notNull().default(1),
  mensagem: text(),
  registroUid: varchar({ length: 80 }),
  processadoEm: tstz(),
}, (t) => [
  uniqueIndex('tarefa_itens_ordem_uq').on(t.tarefaUid, t.ordem),
  index('tarefa_itens_status_idx').on(t.tarefaUid, t.status, t.ordem),
]);

/** Integration and import log entries (what happened, never personal data). */
export const logsOperacao = pgTable('logs_operacao', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  nivel: varchar({ length: 10 }).notNull(),
  origem: varchar({ length: 60 }).notNull(),
  mensagem: text().notNull(),
  detalhes: jsonb(),
  tarefaUid: uuid(),
  usuarioUid: uuid(),
  criadoEm: tstz().notNull().default(sql`now()`),
}, (t) => [index('logs_operacao_idx').on(t.embarcadorUid, t.criadoEm)]);

/** Every call to an outside web service (SEFAZ distribution…): request, response, cStat, duration. */
export const historicoWebservice = pgTable('historico_webservice', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  servico: varchar({ length: 60 }).notNull(),
  ambiente: varchar({ length: 15 }).notNull(),
  url: varchar({ length: 500 }).notNull(),
  cStat: varchar({ length: 5 }),
  xMotivo: text(),
  sucesso: boolean().notNull(),
  duracaoMs: integer().notNull(),
  requisicao: text(),
  resposta: text(),
  criadoEm: tstz().notNull().default(sql`now()`),
}, (t) => [index('historico_webservice_idx').on(t.embarcadorUid, t.criadoEm)]);
