import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ativo, timestamps, tstz, uidPk } from './columns.ts';
import { embarcadores, usuarios } from './identidade.ts';

// Notifications (issue 11): groups and parameters per shipper, one row per recipient, the e-mails
// waiting to leave (written in the notifying transaction, sent after its commit) and the marks that
// keep a periodic check from notifying the same thing twice.

/** A named group of the shipper's users (members as a uid list: resolved against active memberships). */
export const notificacaoGrupos = pgTable('notificacao_grupos', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  nome: varchar({ length: 80 }).notNull(),
  descricao: varchar({ length: 255 }),
  usuarioUids: uuid().array().notNull().default(sql`'{}'::uuid[]`),
  ativo: ativo(),
  ...timestamps(),
}, (t) => [uniqueIndex('notificacao_grupos_nome_uq').on(t.embarcadorUid, t.nome)]);

/** Per shipper and kind: which groups receive it, in the app and/or by e-mail. */
export const notificacaoParametros = pgTable('notificacao_parametros', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  tipo: varchar({ length: 60 }).notNull(),
  grupoUids: uuid().array().notNull().default(sql`'{}'::uuid[]`),
  app: boolean().notNull().default(true),
  email: boolean().notNull().default(false),
  ativo: ativo(),
  ...timestamps(),
}, (t) => [uniqueIndex('notificacao_parametros_tipo_uq').on(t.embarcadorUid, t.tipo)]);

/** One notification of one user (the recipient), in one shipper. */
export const notificacoes = pgTable('notificacoes', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  usuarioUid: uuid().notNull().references(() => usuarios.uid, { onDelete: 'cascade' }),
  tipo: varchar({ length: 60 }).notNull(),
  recurso: varchar({ length: 60 }),
  registroUid: uuid(),
  titulo: varchar({ length: 200 }).notNull(),
  mensagem: text().notNull(),
  link: varchar({ length: 300 }),
  dataLeitura: tstz(),
  criadoEm: tstz().notNull().default(sql`now()`),
}, (t) => [
  index('notificacoes_usuario_idx').on(t.usuarioUid, t.embarcadorUid, t.criadoEm.desc()),
  index('notificacoes_nao_lidas_idx').on(t.usuarioUid, t.embarcadorUid).where(sql`data_leitura is null`),
]);

/** E-mails of notifications: inserted with the notification, sent by the dispatcher after the commit. */
export const notificacaoEmails = pgTable('notificacao_emails', {
  uid: uidPk(),
  notificacaoUid: uuid().references(() => notificacoes.uid, { onDelete: 'set null' }),
  para: varchar({ length: 150 }).notNull(),
  assunto: varchar({ length: 200 }).notNull(),
  texto: text().notNull(),
  /** App path of the record: the dispatcher prefixes the instance's PUBLIC_URL. */
  link: varchar({ length: 300 }),
  criadoEm: tstz().notNull().default(sql`now()`),
  /** Lease of the instance sending it (several instances may poll). */
  reservadoAte: tstz(),
  tentativas: integer().notNull().default(0),
  enviadoEm: tstz(),
  /** The mailer's outbox row (email_outbox) that carried it. */
  caixaSaidaUid: uuid(),
}, (t) => [index('notificacao_emails_pendentes_idx').on(t.criadoEm).where(sql`enviado_em is null`)]);

/** "Already notified": one row per shipper and key (e.g. certificate file + threshold). */
export const notificacaoDisparos = pgTable('notificacao_disparos', {
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  chave: varchar({ length: 200 }).notNull(),
  criadoEm: tstz().notNull().default(sql`now()`),
}, (t) => [primaryKey({ columns: [t.embarcadorUid, t.chave] })]);
