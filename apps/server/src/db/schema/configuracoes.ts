import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ativo, timestamps, uidPk } from './columns.ts';
import { embarcadores } from './identidade.ts';
import { estados, municipios } from './locais.ts';

// A shipper's settings and tax rules. Rates are percentages with 4 decimals; money 2 decimals.

/** One row per shipper, created with the defaults on its first GET. */
export const configuracoes = pgTable('configuracoes', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }).unique('configuracoes_embarcador_uq'),
  fatorCubagemPadrao: integer().notNull().default(300),
  diasToleranciaEntrega: integer().notNull().default(0),
  aliquotaIssPadrao: numeric({ precision: 7, scale: 4 }).notNull().default('5'),
  emailNotificacoes: varchar({ length: 500 }),
  toleranciaAuditoriaPercentual: numeric({ precision: 7, scale: 4 }).notNull().default('1'),
  toleranciaAuditoriaValor: numeric({ precision: 14, scale: 2 }).notNull().default('1.00'),
  moeda: varchar({ length: 3 }).notNull().default('BRL'),
  fusoHorario: varchar({ length: 40 }).notNull().default('America/Sao_Paulo'),
  /** Pontos facultativos (Carnaval, Corpus Christi…) count as working days for delivery deadlines. */
  pontosFacultativosUteis: boolean().notNull().default(true),
  /** Maker–checker: a new or readjusted freight table is activated only by another user. */
  aprovacaoTabelas: boolean().notNull().default(false),
  ...timestamps(),
});

/** System parameters a shipper changed (the catalogue and defaults live in packages/core). */
export const parametrosEmbarcador = pgTable('parametros_embarcador', {
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  chave: varchar({ length: 80 }).notNull(),
  valor: jsonb().$type<string | number | boolean>().notNull(),
  ...timestamps(),
}, (t) => [primaryKey({ columns: [t.embarcadorUid, t.chave] })]);

/**
 * Tax rules with a validity period: ICMS TRANSPORTE (uf: the intrastate rate of freight), ICMS INTERNO (uf), INTERESTADUAL (ufOrigem → ufDestino), IMPORTADO,
 * and PIS_COFINS (regime and rates). `chave` names what a rule is about (e.g. 'INTERNO:SP'); the
 * periods of the active rules of one shipper and chave never overlap (checked by the service).
 */
export const tributos = pgTable('tributos', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  tipo: varchar({ length: 20 }).notNull(),
  chave: varchar({ length: 40 }).notNull(),
  uf: varchar({ length: 2 }).references(() => estados.sigla, { onDelete: 'restrict' }),
  ufOrigem: varchar({ length: 2 }).references(() => estados.sigla, { onDelete: 'restrict' }),
  ufDestino: varchar({ length: 2 }).references(() => estados.sigla, { onDelete: 'restrict' }),
  aliquota: numeric({ precision: 7, scale: 4 }),
  regimePisCofins: varchar({ length: 20 }),
  aliquotaPis: numeric({ precision: 7, scale: 4 }),
  aliquotaCofins: numeric({ precision: 7, scale: 4 }),
  vigenciaInicio: date({ mode: 'string' }).notNull(),
  vigenciaFim: date({ mode: 'string' }),
  descricao: varchar({ length: 255 }),
  ativo: ativo(),
  ...timestamps(),
}, (t) => [
  index('tributos_chave_idx').on(t.embarcadorUid, t.chave, t.vigenciaInicio),
  check('tributos_tipo_ck', sql`${t.tipo} in ('INTERNO', 'INTERESTADUAL', 'IMPORTADO', 'PIS_COFINS', 'TRANSPORTE')`),
  check('tributos_vigencia_ck', sql`${t.vigenciaFim} is null or ${t.vigenciaFim} >= ${t.vigenciaInicio}`),
]);

/** The shipper's general tax settings (configuracoes/tributo-geral?default=false); one row per shipper. */
export const tributosGerais = pgTable('tributos_gerais', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }).unique('tributos_gerais_embarcador_uq'),
  regimeTributario: varchar({ length: 20 }).notNull().default('LUCRO_REAL'),
  regimePisCofins: varchar({ length: 20 }).notNull().default('NAO_CUMULATIVO'),
  icmsIncluso: boolean().notNull().default(false),
  calculaIcms: boolean().notNull().default(true),
  calculaPisCofins: boolean().notNull().default(true),
  calculaIss: boolean().notNull().default(true),
  creditoIcms: boolean().notNull().default(true),
  creditoPisCofins: boolean().notNull().default(true),
  ...timestamps(),
});

/**
 * ISS rate per municipality: the shipper's own (def = false) or the system default (def = true,
 * embarcadorUid null). One of each per municipality.
 */
export const issMunicipios = pgTable('iss_municipios', {
  uid: uidPk(),
  embarcadorUid: uuid().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  def: boolean().notNull().default(false),
  municipioIbge: varchar({ length: 7 }).notNull().references(() => municipios.ibge, { onDelete: 'restrict' }),
  aliquota: numeric({ precision: 7, scale: 4 }).notNull(),
  retencao: varchar({ length: 12 }).notNull().default('NAO_RETIDO'),
  observacao: varchar({ length: 255 }),
  ativo: ativo(),
  ...timestamps(),
}, (t) => [
  uniqueIndex('iss_municipios_embarcador_uq').on(t.embarcadorUid, t.municipioIbge),
  uniqueIndex('iss_municipios_padrao_uq').on(t.municipioIbge).where(sql`${t.embarcadorUid} is null`),
  check('iss_municipios_def_ck', sql`${t.def} = (${t.embarcadorUid} is null)`),
]);
