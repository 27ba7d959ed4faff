import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ativo, timestamps, tstz, uidPk } from './columns.ts';

// Shippers, carriers, their units, users, memberships and roles: who may see and do what.
export const embarcadores = pgTable('embarcadores', {
  uid: uidPk(),
  id: serial().notNull().unique(),
  nome: varchar({ length: 150 }).notNull(),
  nomeFantasia: varchar({ length: 150 }),
  cnpj: varchar({ length: 14 }).notNull().unique('embarcadores_cnpj_uq'),
  email: varchar({ length: 150 }),
  telefone: varchar({ length: 20 }),
  cep: varchar({ length: 8 }),
  uf: varchar({ length: 2 }),
  municipioIbge: varchar({ length: 7 }),
  logoArquivoUid: uuid(),
  certificadoArquivoUid: uuid(),
  certificadoSenhaCifrada: text(),
  expiracaoCertificado: varchar({ length: 10 }),
  ativo: ativo(),
  ...timestamps(),
});

export const unidadesEmbarcador = pgTable('unidades_embarcador', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  nome: varchar({ length: 150 }).notNull(),
  apelido: varchar({ length: 60 }),
  documento: varchar({ length: 14 }),
  cep: varchar({ length: 8 }),
  uf: varchar({ length: 2 }),
  municipioIbge: varchar({ length: 7 }),
  ativo: ativo(),
  ...timestamps(),
}, (t) => [index().on(t.embarcadorUid), uniqueIndex('unidades_embarcador_documento_uq').on(t.embarcadorUid, t.documento)]);

export const transportadores = pgTable('transportadores', {
  uid: uidPk(),
  id: serial().notNull().unique(),
  nome: varchar({ length: 150 }).notNull(),
  nomeFantasia: varchar({ length: 150 }),
  cnpj: varchar({ length: 14 }).notNull().unique('transportadores_cnpj_uq'),
  ie: varchar({ length: 20 }),
  rntrc: varchar({ length: 12 }),
  email: varchar({ length: 150 }),
  telefone: varchar({ length: 20 }),
  cep: varchar({ length: 8 }),
  uf: varchar({ length: 2 }),
  municipioIbge: varchar({ length: 7 }),
  /**
   * The shipper that keeps this shared record while the carrier has no active user of its own (the one
   * that registered it). Null: nobody but the carrier (docs/DECISIONS.md, "transportador compartilhado").
   */
  embarcadorGestorUid: uuid().references(() => embarcadores.uid, { onDelete: 'set null' }),
  /** Simples Nacional carrier: its freight is not grossed up by ICMS (the tax is in the DAS). */
  simplesNacional: boolean().notNull().default(false),
  ativo: ativo(),
  ...timestamps(),
});

export const unidadesTransportador = pgTable('unidades_transportador', {
  uid: uidPk(),
  transportadorUid: uuid().notNull().references(() => transportadores.uid, { onDelete: 'cascade' }),
  nome: varchar({ length: 150 }).notNull(),
  apelido: varchar({ length: 60 }),
  documento: varchar({ length: 14 }).notNull(),
  indicaAutonomo: boolean().notNull().default(false),
  /**
   * RNTRC category of the unit (Res. ANTT 5.982/2022): ETC company, TAC self-employed driver (CPF +
   * RNTRC; indicaAutonomo follows it: RPA, ANTT floor enforced), CTC cooperative.
   */
  tipo: varchar({ length: 3 }).notNull().default('ETC'),
  /** RNTRC registration (8 digits, as in the CT-e's <RNTRC>). Required for a TAC. */
  rntrc: varchar({ length: 8 }),
  cep: varchar({ length: 8 }),
  uf: varchar({ length: 2 }),
  municipioIbge: varchar({ length: 7 }),
  ativo: ativo(),
  ...timestamps(),
}, (t) => [
  index().on(t.transportadorUid),
  uniqueIndex('unidades_transportador_documento_uq').on(t.transportadorUid, t.documento),
  check('unidades_transportador_tipo_ck', sql`${t.tipo} in ('ETC', 'TAC', 'CTC')`),
]);

/** Which carriers serve which shipper. */
export const embarcadorTransportador = pgTable('embarcador_transportador', {
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  transportadorUid: uuid().notNull().references(() => transportadores.uid, { onDelete: 'cascade' }),
  criadoEm: tstz().notNull().default(sql`now()`),
}, (t) => [primaryKey({ columns: [t.embarcadorUid, t.transportadorUid] }), index().on(t.transportadorUid)]);

export const papeis = pgTable('papeis', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  nome: varchar({ length: 80 }).notNull(),
  descricao: varchar({ length: 255 }),
  /** 1 shipper users, 2 carrier users (tipoUsuario). */
  tipo: smallint().notNull().default(1),
  permissoes: jsonb().$type<Record<string, string[]>>().notNull().default(sql`'{}'::jsonb`),
  /** Quotation approval limit (alçada) in R$; null: no limit (issue 11). */
  alcadaAprovacao: numeric({ precision: 14, scale: 2 }),
  ...timestamps(),
}, (t) => [uniqueIndex('papeis_nome_uq').on(t.embarcadorUid, t.nome)]);

export const usuarios = pgTable('usuarios', {
  uid: uidPk(),
  login: varchar({ length: 150 }).notNull().unique('usuarios_login_uq'),
  nome: varchar({ length: 150 }).notNull(),
  apelido: varchar({ length: 60 }),
  senhaHash: text(),
  tipoUsuario: smallint().notNull().default(1),
  statusUsuario: smallint().notNull().default(1),
  fotoArquivoUid: uuid(),
  transportadorUid: uuid().references(() => transportadores.uid),
  unidadeTransportadorUid: uuid().references(() => unidadesTransportador.uid),
  ultimoEmbarcadorUid: uuid(),
  ultimoLogin: tstz(),
  /** Goes into the session JWT at sign-in; a session whose number differs is revoked. Sign-out bumps it,
   * and a trigger (migration sessao_versao_trigger) bumps it whenever the password or the status changes. */
  sessaoVersao: integer().notNull().default(0),
  ...timestamps(),
}, (t) => [index().on(t.transportadorUid)]);

/** Failed sign-ins per key ('login:<login>' or 'ip:<address>'): kept in the database so every instance
 * sees the same counts. `bloqueios` makes each lock longer than the previous one. */
export const tentativasLogin = pgTable('tentativas_login', {
  chave: varchar({ length: 200 }).primaryKey(),
  falhas: integer().notNull().default(0),
  janelaInicio: tstz().notNull(),
  bloqueadoAte: tstz(),
  bloqueios: integer().notNull().default(0),
});

/** Membership: a user in a shipper with one role (and optionally a home unit). */
export const usuarioEmbarcador = pgTable('usuario_embarcador', {
  uid: uidPk(),
  usuarioUid: uuid().notNull().references(() => usuarios.uid, { onDelete: 'cascade' }),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  papelUid: uuid().references(() => papeis.uid),
  unidadeUid: uuid().references(() => unidadesEmbarcador.uid, { onDelete: 'set null' }),
  ativo: ativo(),
  ...timestamps(),
}, (t) => [uniqueIndex('usuario_embarcador_uq').on(t.usuarioUid, t.embarcadorUid), index().on(t.embarcadorUid)]);

/** A carrier user asking to serve a shipper; the shipper approves (2) or rejects (4). */
export const preUsuariosTransportador = pgTable('pre_usuarios_transportador', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  usuarioUid: uuid().notNull().references(() => usuarios.uid, { onDelete: 'cascade' }),
  transportadorUid: uuid().notNull().references(() => transportadores.uid, { onDelete: 'cascade' }),
  status: smallint().notNull().default(1),
  decididoEm: tstz(),
  decididoPor: uuid(),
  ...timestamps(),
}, (t) => [uniqueIndex('pre_usuarios_uq').on(t.embarcadorUid, t.usuarioUid)]);

export const apiTokens = pgTable('api_tokens', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  usuarioUid: uuid().notNull().references(() => usuarios.uid, { onDelete: 'cascade' }),
  nome: varchar({ length: 80 }).notNull(),
  prefixo: varchar({ length: 16 }).notNull(),
  hash: varchar({ length: 64 }).notNull().unique(),
  expiraEm: tstz(),
  ultimoUso: tstz(),
  revogadoEm: tstz(),
  ...timestamps(),
}, (t) => [index().on(t.embarcadorUid)]);

/** Reset-password and activation tokens: single use, expiring, only the hash is kept. */
export const tokensConta = pgTable('tokens_conta', {
  uid: uidPk(),
  usuarioUid: uuid().notNull().references(() => usuarios.uid, { onDelete: 'cascade' }),
  tipo: varchar({ length: 12 }).notNull(),
  hash: varchar({ length: 64 }).notNull().unique(),
  expiraEm: tstz().notNull(),
  usadoEm: tstz(),
  criadoEm: tstz().notNull().default(sql`now()`),
});

