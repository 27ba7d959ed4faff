import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, numeric, pgTable, smallint, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { tstz, timestamps, uidPk } from './columns.ts';
import { motoristas, tiposVeiculo, veiculos } from './frota.ts';
import { embarcadores, transportadores, usuarios } from './identidade.ts';
import { municipios } from './locais.ts';
import { pessoas } from './pessoas.ts';
import { produtos } from './produtos.ts';

// Freight procurement (issue 11): requests, spot quotations and the carriers' answers.

const lugarECarga = () => ({
  origemCep: varchar({ length: 8 }),
  origemMunicipioIbge: varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' }),
  destinoCep: varchar({ length: 8 }),
  destinoMunicipioIbge: varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' }),
  remetenteUid: uuid().references(() => pessoas.uid, { onDelete: 'restrict' }),
  destinatarioUid: uuid().references(() => pessoas.uid, { onDelete: 'restrict' }),
  dataColetaDesejada: date({ mode: 'string' }),
  tipoVeiculoUid: uuid().references(() => tiposVeiculo.uid, { onDelete: 'restrict' }),
  observacao: varchar({ length: 1000 }),
});

export const solicitacoesFrete = pgTable(
  'solicitacoes_frete',
  {
    uid: uidPk(),
    embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    numero: integer().notNull().generatedAlwaysAsIdentity(),
    status: smallint().notNull().default(1),
    justificativaStatus: varchar({ length: 1000 }),
    ...lugarECarga(),
    criadoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('solicitacoes_frete_lista_idx').on(t.embarcadorUid, t.numero), index().on(t.embarcadorUid, t.status)],
);

export const cotacoesFrete = pgTable(
  'cotacoes_frete',
  {
    uid: uidPk(),
    embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    numero: integer().notNull().generatedAlwaysAsIdentity(),
    solicitacaoUid: uuid().references(() => solicitacoesFrete.uid, { onDelete: 'set null' }),
    status: smallint().notNull().default(1),
    situacaoAprovacao: smallint().notNull().default(1),
    indicaAprovacaoUsuario: boolean().notNull().default(false),
    tipoCarga: varchar({ length: 3 }).notNull().default('LTL'),
    prazoResposta: tstz(),
    valorAlvo: numeric({ precision: 14, scale: 2 }),
    ...lugarECarga(),
    vencedorTransportadorUid: uuid().references(() => transportadores.uid, { onDelete: 'restrict' }),
    valorAprovado: numeric({ precision: 14, scale: 2 }),
    aprovadoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    aprovadoEm: tstz(),
    justificativa: varchar({ length: 1000 }),
    criadoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    // uid: the list's tie-breaker (numero DESC, uid DESC) read from the index, no sort of the skipped rows.
    index('cotacoes_frete_lista_idx').on(t.embarcadorUid, t.numero, t.uid),
    index().on(t.embarcadorUid, t.status),
    index().on(t.solicitacaoUid),
  ],
);

/** Cargo lines: owner is a request or a quotation (exactly one). */
export const cargaProdutos = pgTable(
  'carga_produtos',
  {
    uid: uidPk(),
    solicitacaoUid: uuid().references(() => solicitacoesFrete.uid, { onDelete: 'cascade' }),
    cotacaoUid: uuid().references(() => cotacoesFrete.uid, { onDelete: 'cascade' }),
    embarqueUid: uuid().references((): AnyPgColumn => embarques.uid, { onDelete: 'cascade' }),
    ordemColetaUid: uuid().references((): AnyPgColumn => ordensColeta.uid, { onDelete: 'cascade' }),
    produtoUid: uuid().references(() => produtos.uid, { onDelete: 'restrict' }),
    descricao: varchar({ length: 255 }).notNull(),
    quantidade: numeric({ precision: 14, scale: 3 }).notNull(),
    pesoKg: numeric({ precision: 14, scale: 3 }).notNull(),
    volumeM3: numeric({ precision: 14, scale: 6 }),
    valor: numeric({ precision: 14, scale: 2 }).notNull(),
    /** Pickup orders: when the line was released (liberacaoitem); null elsewhere. */
    liberadoEm: tstz(),
    ...timestamps(),
  },
  (t) => [
    index().on(t.solicitacaoUid),
    index().on(t.cotacaoUid),
    index().on(t.embarqueUid),
    index().on(t.ordemColetaUid),
    check('carga_produtos_dono_ck', sql`num_nonnulls(${t.solicitacaoUid}, ${t.cotacaoUid}, ${t.embarqueUid}, ${t.ordemColetaUid}) = 1`),
  ],
);

/**
 * NF-es of a request or quotation. The NF-e register is being built in parallel (issue "Fiscal
 * documents"): until it lands every line is a typed (virtual) reference — key/number, value, weight —
 * and `nfe_uid` has no foreign key yet; it will name the register's row when there is one.
 */
export const cargaNfes = pgTable(
  'carga_nfes',
  {
    uid: uidPk(),
    solicitacaoUid: uuid().references(() => solicitacoesFrete.uid, { onDelete: 'cascade' }),
    cotacaoUid: uuid().references(() => cotacoesFrete.uid, { onDelete: 'cascade' }),
    embarqueUid: uuid().references((): AnyPgColumn => embarques.uid, { onDelete: 'cascade' }),
    ordemColetaUid: uuid().references((): AnyPgColumn => ordensColeta.uid, { onDelete: 'cascade' }),
    nfeUid: uuid(),
    chave: varchar({ length: 44 }),
    numero: integer().notNull(),
    serie: smallint().notNull().default(1),
    emitenteCnpj: varchar({ length: 14 }),
    valor: numeric({ precision: 14, scale: 2 }).notNull(),
    pesoKg: numeric({ precision: 14, scale: 3 }).notNull(),
    volumeM3: numeric({ precision: 14, scale: 6 }),
    volumes: integer().notNull().default(0),
    /** The agreed freight of the winning answer, prorated by value (the audit checks the CT-e against it). */
    freteEsperado: numeric({ precision: 14, scale: 2 }),
    /** Pickup orders: when the NF-e was released (liberacaoitem); null elsewhere. */
    liberadoEm: tstz(),
    ...timestamps(),
  },
  (t) => [
    index().on(t.solicitacaoUid),
    index().on(t.cotacaoUid),
    uniqueIndex('carga_nfes_solicitacao_chave_uq').on(t.solicitacaoUid, t.chave),
    uniqueIndex('carga_nfes_cotacao_chave_uq').on(t.cotacaoUid, t.chave),
    index().on(t.embarqueUid),
    uniqueIndex('carga_nfes_embarque_chave_uq').on(t.embarqueUid, t.chave),
    index().on(t.ordemColetaUid),
    uniqueIndex('carga_nfes_ordem_coleta_chave_uq').on(t.ordemColetaUid, t.chave),
    // Late linking (solicitacoesfrete/vinculo-tardio.ts): typed lines by key or number, lines of a virtual note.
    index('carga_nfes_nfe_idx').on(t.nfeUid),
    index('carga_nfes_digitada_chave_idx').on(t.chave).where(sql`nfe_uid is null`),
    index('carga_nfes_digitada_numero_idx').on(t.numero, t.serie).where(sql`nfe_uid is null`),
    check('carga_nfes_dono_ck', sql`num_nonnulls(${t.solicitacaoUid}, ${t.cotacaoUid}, ${t.embarqueUid}, ${t.ordemColetaUid}) = 1`),
  ],
);

/** Carriers invited to a quotation and their answers. */
export const cotacaoTransportadores = pgTable(
  'cotacao_transportadores',
  {
    uid: uidPk(),
    cotacaoUid: uuid().notNull().references(() => cotacoesFrete.uid, { onDelete: 'cascade' }),
    transportadorUid: uuid().notNull().references(() => transportadores.uid, { onDelete: 'restrict' }),
    convidadoEm: tstz().notNull().default(sql`now()`),
    respondidoEm: tstz(),
    respondidoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    valorTotal: numeric({ precision: 14, scale: 2 }),
    valorKg: numeric({ precision: 14, scale: 4 }),
    valorVeiculo: numeric({ precision: 14, scale: 2 }),
    valorFrete: numeric({ precision: 14, scale: 2 }),
    prazoDiasUteis: smallint(),
    validade: date({ mode: 'string' }),
    horasLivresCarregamento: smallint(),
    valorDiaria: numeric({ precision: 14, scale: 2 }),
    observacao: text(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('cotacao_transportadores_uq').on(t.cotacaoUid, t.transportadorUid), index().on(t.transportadorUid)],
);

/** Shipments: NF-es grouped to travel together (from an approved quotation or by hand). */
export const embarques = pgTable(
  'embarques',
  {
    uid: uidPk(),
    embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    numero: integer().notNull().generatedAlwaysAsIdentity(),
    status: smallint().notNull().default(1),
    justificativaStatus: varchar({ length: 1000 }),
    cotacaoUid: uuid().references(() => cotacoesFrete.uid, { onDelete: 'set null' }),
    transportadorUid: uuid().references(() => transportadores.uid, { onDelete: 'restrict' }),
    origemCep: varchar({ length: 8 }),
    origemMunicipioIbge: varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' }),
    destinoCep: varchar({ length: 8 }),
    destinoMunicipioIbge: varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' }),
    tipoVeiculoUid: uuid().references(() => tiposVeiculo.uid, { onDelete: 'restrict' }),
    dataEmbarque: date({ mode: 'string' }),
    /** The agreed freight (approved quotation's value), which the audit checks the CT-e against. */
    freteAcordado: numeric({ precision: 14, scale: 2 }),
    /** The agreed deadline in business days (the approved answer's). */
    prazoAcordadoDiasUteis: smallint(),
    observacao: varchar({ length: 1000 }),
    criadoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('embarques_lista_idx').on(t.embarcadorUid, t.numero), index().on(t.cotacaoUid), index().on(t.embarcadorUid, t.status)],
);

/** A freight simulation of a shipment: the engine's ranked result, kept as it was computed. */
export const simulacoesFrete = pgTable(
  'simulacoes_frete',
  {
    uid: uidPk(),
    embarqueUid: uuid().notNull().references(() => embarques.uid, { onDelete: 'cascade' }),
    criadoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    criadoEm: tstz().notNull().default(sql`now()`),
    pesoKg: numeric({ precision: 14, scale: 3 }).notNull(),
    valorMercadoria: numeric({ precision: 14, scale: 2 }).notNull(),
    quantidadeCotacoes: integer().notNull(),
    melhorValor: numeric({ precision: 14, scale: 2 }),
    resultado: jsonb().notNull(),
  },
  (t) => [index().on(t.embarqueUid, t.criadoEm)],
);

/**
 * Pickup orders (ordens de coleta): the shipper tells one carrier to collect a cargo (products and NF-es
 * in carga_produtos/carga_nfes). Status: STATUS.ordemColeta; the carrier confirms (date, vehicle and
 * driver of its fleet) or refuses (justificativa) in its portal.
 */
export const ordensColeta = pgTable(
  'ordens_coleta',
  {
    uid: uidPk(),
    embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    numero: integer().notNull().generatedAlwaysAsIdentity(),
    status: smallint().notNull().default(1),
    justificativa: varchar({ length: 1000 }),
    transportadorUid: uuid().references(() => transportadores.uid, { onDelete: 'restrict' }),
    cotacaoUid: uuid().references(() => cotacoesFrete.uid, { onDelete: 'set null' }),
    embarqueUid: uuid().references(() => embarques.uid, { onDelete: 'set null' }),
    ...lugarECarga(),
    enviadoEm: tstz(),
    dataColetaPrevista: date({ mode: 'string' }),
    veiculoUid: uuid().references(() => veiculos.uid, { onDelete: 'set null' }),
    motoristaUid: uuid().references(() => motoristas.uid, { onDelete: 'set null' }),
    observacaoTransportador: varchar({ length: 1000 }),
    respondidoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    respondidoEm: tstz(),
    criadoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('ordens_coleta_lista_idx').on(t.embarcadorUid, t.numero),
    index().on(t.embarcadorUid, t.status),
    index().on(t.transportadorUid, t.status),
    index().on(t.embarqueUid),
    index().on(t.cotacaoUid),
  ],
);
