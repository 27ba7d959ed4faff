import { sql } from 'drizzle-orm';
import { boolean, check, date, index, numeric, pgTable, smallint, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ativo, timestamps, tstz, uidPk } from './columns.ts';
import { locaisObrigatorios } from './locais-rota.ts';
import { embarcadores, transportadores, usuarios } from './identidade.ts';
import { municipios } from './locais.ts';
import { arquivos } from './sistema.ts';

// Freight registers: geography (regions, CEP ranges), holidays, transport modes, the component
// catalogue, carriers' component names, delivery deadlines, routes, and the generic attachments.
// A place on a route (the engine's LocalRef) is stored as columns <prefix>_tipo + uf / ibge /
// regiao_uid / cep_de / cep_ate; only the columns of its tipo are filled.

export const regioes = pgTable(
  'regioes',
  {
    uid: uidPk(),
    embarcadorUid: uuid()
      .notNull()
      .references(() => embarcadores.uid, { onDelete: 'cascade' }),
    nome: varchar({ length: 120 }).notNull(),
    descricao: varchar({ length: 255 }),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('regioes_nome_uq').on(t.embarcadorUid, t.nome)],
);

/** A region is a set of UFs, municipalities and CEP ranges. */
export const regiaoLocais = pgTable(
  'regiao_locais',
  {
    uid: uidPk(),
    regiaoUid: uuid()
      .notNull()
      .references(() => regioes.uid, { onDelete: 'cascade' }),
    tipo: varchar({ length: 10 }).notNull(),
    uf: varchar({ length: 2 }),
    ibge: varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' }),
    cepDe: varchar({ length: 8 }),
    cepAte: varchar({ length: 8 }),
    ...timestamps(),
  },
  (t) => [
    index('regiao_locais_regiao_idx').on(t.regiaoUid),
    index('regiao_locais_uf_idx').on(t.uf),
    index('regiao_locais_ibge_idx').on(t.ibge),
    check('regiao_locais_tipo_ck', sql`${t.tipo} in ('UF', 'MUNICIPIO', 'FAIXA_CEP')`),
  ],
);

/** The shipper's CEP ranges (a UF and optionally a municipality). */
export const faixasCep = pgTable(
  'faixas_cep',
  {
    uid: uidPk(),
    embarcadorUid: uuid()
      .notNull()
      .references(() => embarcadores.uid, { onDelete: 'cascade' }),
    nome: varchar({ length: 120 }).notNull(),
    uf: varchar({ length: 2 }).notNull(),
    municipioIbge: varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' }),
    cepDe: varchar({ length: 8 }).notNull(),
    cepAte: varchar({ length: 8 }).notNull(),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [
    index('faixas_cep_embarcador_idx').on(t.embarcadorUid, t.cepDe, t.cepAte),
    check('faixas_cep_ordem_ck', sql`${t.cepDe} <= ${t.cepAte}`),
  ],
);

/** Holidays. embarcador_uid null: national holidays filled by the system (read-only). */
export const feriados = pgTable(
  'feriados',
  {
    uid: uidPk(),
    embarcadorUid: uuid().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    data: date({ mode: 'string' }).notNull(),
    nome: varchar({ length: 120 }).notNull(),
    /** NACIONAL, UF or MUNICIPIO. */
    escopo: varchar({ length: 10 }).notNull(),
    uf: varchar({ length: 2 }),
    municipioIbge: varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' }),
    /** Ponto facultativo (e.g. Carnaval): shown, but a business day for deadlines. */
    facultativo: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('feriados_sistema_uq').on(t.data, t.nome).where(sql`${t.embarcadorUid} is null`),
    index('feriados_embarcador_data_idx').on(t.embarcadorUid, t.data),
    index('feriados_data_idx').on(t.data),
    check('feriados_escopo_ck', sql`${t.escopo} in ('NACIONAL', 'UF', 'MUNICIPIO')`),
  ],
);

/** Transport modes. embarcador_uid null: the system catalogue (read-only). */
export const modais = pgTable(
  'modais',
  {
    uid: uidPk(),
    embarcadorUid: uuid().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    codigo: varchar({ length: 20 }).notNull(),
    nome: varchar({ length: 80 }).notNull(),
    fatorCubagemPadrao: numeric({ precision: 10, scale: 2 }).notNull().default('300'),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('modais_codigo_uq').on(t.embarcadorUid, t.codigo)],
);

/** Freight components. embarcador_uid null: the standard catalogue (COMPONENTES_PADRAO, read-only). */
export const componentes = pgTable(
  'componentes',
  {
    uid: uidPk(),
    embarcadorUid: uuid().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    codigo: varchar({ length: 30 }).notNull(),
    nome: varchar({ length: 120 }).notNull(),
    descricao: varchar({ length: 255 }),
    /** Part of the main freight (the engine's base FRETE_PRINCIPAL). */
    fretePrincipal: boolean().notNull().default(false),
    /** Outside the tax base (vale-pedágio): not grossed up, added after the tax. */
    foraBaseTributo: boolean().notNull().default(false),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('componentes_codigo_uq').on(t.embarcadorUid, t.codigo)],
);

/** The name a carrier prints on its CT-e → our component (per shipper and carrier). */
export const mapasComponente = pgTable(
  'mapas_componente',
  {
    uid: uidPk(),
    embarcadorUid: uuid()
      .notNull()
      .references(() => embarcadores.uid, { onDelete: 'cascade' }),
    transportadorUid: uuid()
      .notNull()
      .references(() => transportadores.uid, { onDelete: 'cascade' }),
    nome: varchar({ length: 120 }).notNull(),
    componenteUid: uuid()
      .notNull()
      .references(() => componentes.uid, { onDelete: 'restrict' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('mapas_componente_nome_uq').on(t.embarcadorUid, t.transportadorUid, t.nome), index().on(t.componenteUid)],
);

/** Delivery deadline in business days by carrier and origin → destination. */
export const prazosEntrega = pgTable(
  'prazos_entrega',
  {
    uid: uidPk(),
    embarcadorUid: uuid()
      .notNull()
      .references(() => embarcadores.uid, { onDelete: 'cascade' }),
    transportadorUid: uuid()
      .notNull()
      .references(() => transportadores.uid, { onDelete: 'restrict' }),
    ...locaisObrigatorios(),
    prazoDiasUteis: smallint().notNull(),
    observacao: varchar({ length: 255 }),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [index('prazos_entrega_transportador_idx').on(t.embarcadorUid, t.transportadorUid)],
);

/** The shipper's route register: origin → destination (optionally of one carrier), distance. */
export const rotas = pgTable(
  'rotas',
  {
    uid: uidPk(),
    embarcadorUid: uuid()
      .notNull()
      .references(() => embarcadores.uid, { onDelete: 'cascade' }),
    transportadorUid: uuid().references(() => transportadores.uid, { onDelete: 'restrict' }),
    nome: varchar({ length: 150 }).notNull(),
    ...locaisObrigatorios(),
    distanciaKm: numeric({ precision: 10, scale: 2 }),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('rotas_nome_uq').on(t.embarcadorUid, t.nome), index('rotas_transportador_idx').on(t.transportadorUid)],
);

/**
 * Attachments of any record (freight tables, requests, quotations, pickup orders, occurrence events):
 * entidade names the kind, entidade_uid the record. uid = arquivo_uid, so /api/download/anexo/{uid} serves it.
 */
export const anexos = pgTable(
  'anexos',
  {
    uid: uuid().primaryKey(),
    embarcadorUid: uuid()
      .notNull()
      .references(() => embarcadores.uid, { onDelete: 'cascade' }),
    entidade: varchar({ length: 40 }).notNull(),
    entidadeUid: uuid().notNull(),
    arquivoUid: uuid()
      .notNull()
      .references(() => arquivos.uid, { onDelete: 'cascade' }),
    nome: varchar({ length: 255 }).notNull(),
    descricao: varchar({ length: 255 }),
    criadoEm: tstz().notNull().default(sql`now()`),
    criadoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
  },
  (t) => [index('anexos_entidade_idx').on(t.embarcadorUid, t.entidade, t.entidadeUid)],
);

export type LocalRefColunas = {
  tipo: string;
  uf: string | null;
  ibge: string | null;
  regiaoUid: string | null;
  cepDe: string | null;
  cepAte: string | null;
};
