import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps, tstz, uidPk } from './columns.ts';
import { locaisObrigatorios, locaisOpcionais } from './locais-rota.ts';
import { modais, rotas } from './frete.ts';
import { tiposVeiculo } from './frota.ts';
import { embarcadores, transportadores, usuarios } from './identidade.ts';
import { pessoas } from './pessoas.ts';

// Freight rate tables in the engine's shapes (packages/core/src/frete/types.ts), stored relationally:
// a table → its routes (origin/destination LocalRef columns, deadline, minimum freight) → rules
// (a route's own, or table-wide generalidades when tabela_rota_uid is null) → ranges of FAIXA rules.
// Restrictions make a component apply only to / except for listed senders and recipients.

export const tabelasFrete = pgTable(
  'tabelas_frete',
  {
    uid: uidPk(),
    embarcadorUid: uuid()
      .notNull()
      .references(() => embarcadores.uid, { onDelete: 'cascade' }),
    nome: varchar({ length: 150 }).notNull(),
    transportadorUid: uuid()
      .notNull()
      .references(() => transportadores.uid, { onDelete: 'restrict' }),
    modalUid: uuid().references(() => modais.uid, { onDelete: 'restrict' }),
    vigenciaInicio: date({ mode: 'string' }).notNull(),
    vigenciaFim: date({ mode: 'string' }),
    fatorCubagem: numeric({ precision: 10, scale: 2 }).notNull().default('300'),
    icmsIncluso: boolean().notNull().default(false),
    prioridade: integer().notNull().default(0),
    observacoes: text(),
    /** STATUS.tabelaFrete: 1 Ativo, 2 Inativo, 3 Validação. */
    status: smallint().notNull().default(3),
    versao: integer().notNull().default(1),
    tabelaOrigemUid: uuid().references((): AnyPgColumn => tabelasFrete.uid, { onDelete: 'set null' }),
    /** Superseded by a readjusted version: read-only history. */
    historica: boolean().notNull().default(false),
    /** Bumped on every change of the table or its children: the calculator's cache key. */
    revisao: integer().notNull().default(1),
    /** Cubage exemption: loads at or above this density (kg/m³) are charged by real weight. */
    densidadeIsencaoCubagem: numeric({ precision: 10, scale: 2 }),
    /** Cubage exemption lists of this table (beside the register's flags): product codes (a load only of them) and recipients' CPF/CNPJ digits. */
    isencaoCubagemProdutos: jsonb().$type<string[]>().notNull().default([]),
    isencaoCubagemDestinatarios: jsonb().$type<string[]>().notNull().default([]),
    /** Maker of a new or readjusted table: only a different user may activate it (maker–checker). */
    submetidoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    aprovadoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    aprovadoEm: tstz(),
    /**
     * Derived table ("vínculo"): priced as this base (same shipper) with ajustes_base applied; it has no
     * routes of its own and follows the base's later changes (packages/core/src/frete/derivada.ts).
     */
    tabelaBaseUid: uuid().references((): AnyPgColumn => tabelasFrete.uid, { onDelete: 'restrict' }),
    /** The engine's AjusteComponente[] of a derived table (null on an ordinary table). */
    ajustesBase: jsonb().$type<{ componente: string; tipo: 'PERCENTUAL' | 'VALOR'; valor: number; rotaUid?: string; destinatarios?: string[] }[]>(),
    ...timestamps(),
  },
  (t) => [
    index('tabelas_frete_base_idx').on(t.tabelaBaseUid),
    index('tabelas_frete_embarcador_idx').on(t.embarcadorUid, t.status, t.vigenciaInicio),
    index('tabelas_frete_transportador_idx').on(t.transportadorUid),
    check('tabelas_frete_status_ck', sql`${t.status} in (1, 2, 3)`),
    check('tabelas_frete_vigencia_ck', sql`${t.vigenciaFim} is null or ${t.vigenciaFim} >= ${t.vigenciaInicio}`),
  ],
);

/** A route of a table (the engine's Rota), optionally taken from the route register. */
export const tabelaFreteRotas = pgTable(
  'tabela_frete_rotas',
  {
    uid: uidPk(),
    tabelaFreteUid: uuid()
      .notNull()
      .references(() => tabelasFrete.uid, { onDelete: 'cascade' }),
    rotaUid: uuid().references(() => rotas.uid, { onDelete: 'restrict' }),
    ...locaisObrigatorios(),
    prazoDiasUteis: smallint().notNull(),
    freteMinimo: numeric({ precision: 14, scale: 2 }),
    distanciaKm: numeric({ precision: 10, scale: 2 }),
    tipoVeiculoUid: uuid().references(() => tiposVeiculo.uid, { onDelete: 'restrict' }),
    /** Cubage factor of this route (kg/m³), overriding the table's. */
    fatorCubagem: numeric({ precision: 10, scale: 2 }),
    ordem: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('tabela_frete_rotas_tabela_idx').on(t.tabelaFreteUid, t.ordem), index().on(t.rotaUid)],
);

/**
 * A rule (the engine's Regra): of a route (ROTA), a generalidade (GENERALIDADE) or a location surcharge
 * (ADICIONAL: the engine's AdicionalLocal, placed by the optional origem/destino columns).
 */
export const regras = pgTable(
  'regras',
  {
    uid: uidPk(),
    tabelaFreteUid: uuid()
      .notNull()
      .references(() => tabelasFrete.uid, { onDelete: 'cascade' }),
    tabelaRotaUid: uuid().references(() => tabelaFreteRotas.uid, { onDelete: 'cascade' }),
    /** GENERALIDADE, ROTA (follows tabela_rota_uid) or ADICIONAL. */
    escopo: varchar({ length: 12 }).notNull(),
    componente: varchar({ length: 30 }).notNull(),
    base: varchar({ length: 15 }).notNull(),
    calculo: varchar({ length: 12 }).notNull(),
    valor: numeric({ precision: 14, scale: 4 }),
    minimo: numeric({ precision: 14, scale: 2 }),
    maximo: numeric({ precision: 14, scale: 2 }),
    aposMinimo: boolean().notNull().default(false),
    comparaFaixaSeguinte: boolean().notNull().default(false),
    foraBaseTributo: boolean().notNull().default(false),
    /** COMPARATIVO: percent of the goods value. */
    percentualValor: numeric({ precision: 14, scale: 4 }),
    /**
     * The restriction this rule follows (same table and component): several restrictions of one component
     * (GRIS 0,30 % for one recipient, 0,20 % for the others). Null: the component's table-wide restriction
     * (the only one of the component no rule links), if any.
     */
    restricaoUid: uuid().references((): AnyPgColumn => restricoes.uid),
    /** ADICIONAL: where the surcharge applies (null tipo: anywhere). */
    ...locaisOpcionais(),
    ordem: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('regras_tabela_idx').on(t.tabelaFreteUid),
    index('regras_rota_idx').on(t.tabelaRotaUid),
    index().on(t.restricaoUid),
    check(
      'regras_escopo_ck',
      sql`(${t.escopo} in ('GENERALIDADE', 'ADICIONAL') and ${t.tabelaRotaUid} is null) or (${t.escopo} = 'ROTA' and ${t.tabelaRotaUid} is not null)`,
    ),
  ],
);

/** A range of a FAIXA rule: up to `ate` (null = open-ended), charged as `modo`. */
export const faixas = pgTable(
  'faixas',
  {
    uid: uidPk(),
    regraUid: uuid()
      .notNull()
      .references(() => regras.uid, { onDelete: 'cascade' }),
    tabelaFreteUid: uuid()
      .notNull()
      .references(() => tabelasFrete.uid, { onDelete: 'cascade' }),
    ate: numeric({ precision: 14, scale: 4 }),
    valor: numeric({ precision: 14, scale: 4 }).notNull(),
    modo: varchar({ length: 12 }).notNull(),
    ordem: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('faixas_regra_idx').on(t.regraUid, t.ordem), index('faixas_tabela_idx').on(t.tabelaFreteUid)],
);

/** Priority of the table on a lane (lower first); the table's own prioridade elsewhere. */
export const prioridades = pgTable(
  'prioridades',
  {
    uid: uidPk(),
    tabelaFreteUid: uuid()
      .notNull()
      .references(() => tabelasFrete.uid, { onDelete: 'cascade' }),
    ...locaisOpcionais(),
    prioridade: integer().notNull(),
    observacao: varchar({ length: 255 }),
    ...timestamps(),
  },
  (t) => [index('prioridades_tabela_idx').on(t.tabelaFreteUid)],
);

/**
 * A component of the table applies only to (SOMENTE) / except for (EXCETO) the linked people. A table may
 * hold several restrictions of one component; each rule names its own (regras.restricaoUid).
 */
export const restricoes = pgTable(
  'restricoes',
  {
    uid: uidPk(),
    tabelaFreteUid: uuid()
      .notNull()
      .references(() => tabelasFrete.uid, { onDelete: 'cascade' }),
    componente: varchar({ length: 30 }).notNull(),
    modo: varchar({ length: 8 }).notNull(),
    descricao: varchar({ length: 255 }),
    /** Goods criterion (engine's Restricao.produtos/ncms): product codes of the register and NCM prefixes. */
    produtos: varchar({ length: 60 }).array().notNull().default(sql`'{}'::varchar[]`),
    ncms: varchar({ length: 8 }).array().notNull().default(sql`'{}'::varchar[]`),
    ...timestamps(),
  },
  (t) => [
    index('restricoes_componente_idx').on(t.tabelaFreteUid, t.componente),
    check('restricoes_modo_ck', sql`${t.modo} in ('SOMENTE', 'EXCETO')`),
  ],
);

/** Senders (REMETENTE) and recipients (DESTINATARIO) of a restriction; documento copied from pessoas. */
export const restricaoPessoas = pgTable(
  'restricao_pessoas',
  {
    uid: uidPk(),
    restricaoUid: uuid()
      .notNull()
      .references(() => restricoes.uid, { onDelete: 'cascade' }),
    tabelaFreteUid: uuid()
      .notNull()
      .references(() => tabelasFrete.uid, { onDelete: 'cascade' }),
    papel: varchar({ length: 12 }).notNull(),
    pessoaUid: uuid()
      .notNull()
      .references(() => pessoas.uid, { onDelete: 'restrict' }),
    documento: varchar({ length: 14 }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('restricao_pessoas_uq').on(t.restricaoUid, t.papel, t.pessoaUid),
    index('restricao_pessoas_tabela_idx').on(t.tabelaFreteUid),
    index().on(t.pessoaUid),
    check('restricao_pessoas_papel_ck', sql`${t.papel} in ('REMETENTE', 'DESTINATARIO')`),
  ],
);

/**
 * ANTT minimum-freight coefficients (Lei 13.703/2018, Res. ANTT 5.867/2020 Anexo II, Tabela A — lotação),
 * per shipper, dated: the version of a cargo type and axle count valid on the load's date gives the floor
 * distance × CCD + CC. Typed from the official resolution in force (its number in `fonte`).
 */
export const pisosAntt = pgTable(
  'pisos_antt',
  {
    uid: uidPk(),
    embarcadorUid: uuid()
      .notNull()
      .references(() => embarcadores.uid, { onDelete: 'cascade' }),
    tipoCarga: varchar({ length: 30 }).notNull(),
    eixos: smallint().notNull(),
    /** Coeficiente de custo de deslocamento, R$/km. */
    ccd: numeric({ precision: 10, scale: 4 }).notNull(),
    /** Coeficiente de custo de carga e descarga, R$. */
    cc: numeric({ precision: 12, scale: 2 }).notNull(),
    vigenciaInicio: date({ mode: 'string' }).notNull(),
    vigenciaFim: date({ mode: 'string' }),
    fonte: varchar({ length: 255 }).notNull(),
    ativo: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('pisos_antt_uq').on(t.embarcadorUid, t.tipoCarga, t.eixos, t.vigenciaInicio),
    check('pisos_antt_eixos_ck', sql`${t.eixos} between 2 and 9`),
    check('pisos_antt_vigencia_ck', sql`${t.vigenciaFim} is null or ${t.vigenciaFim} >= ${t.vigenciaInicio}`),
  ],
);
