import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, smallint, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { tstz, timestamps, uidPk } from './columns.ts';
import { cotacoesFrete, embarques } from './compras.ts';
import { nfes } from './fiscal.ts';
import { tiposVeiculo } from './frota.ts';
import { embarcadores, transportadores, usuarios } from './identidade.ts';
import { municipios } from './locais.ts';
import { pessoas } from './pessoas.ts';
import { tabelasFrete } from './tabelas.ts';

// Orders (pedidos) and load planning (planejamento de carga), issue 11.

export const planejamentosCarga = pgTable(
  'planejamentos_carga',
  {
    uid: uidPk(),
    embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    numero: integer().notNull().generatedAlwaysAsIdentity(),
    descricao: varchar({ length: 120 }).notNull(),
    status: smallint().notNull().default(1),
    origemCep: varchar({ length: 8 }),
    origemMunicipioIbge: varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' }),
    destinoCep: varchar({ length: 8 }),
    destinoMunicipioIbge: varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' }),
    tipoVeiculoUid: uuid().references(() => tiposVeiculo.uid, { onDelete: 'restrict' }),
    transportadorUid: uuid().references(() => transportadores.uid, { onDelete: 'restrict' }),
    dataEmbarque: date({ mode: 'string' }),
    observacao: varchar({ length: 1000 }),
    /** The shipment the finished plan became. */
    embarqueUid: uuid().references(() => embarques.uid, { onDelete: 'set null' }),
    criadoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('planejamentos_carga_lista_idx').on(t.embarcadorUid, t.numero)],
);

export const pedidos = pgTable(
  'pedidos',
  {
    uid: uidPk(),
    embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    numero: varchar({ length: 30 }).notNull(),
    status: smallint().notNull().default(1),
    clienteUid: uuid().references(() => pessoas.uid, { onDelete: 'restrict' }),
    origemCep: varchar({ length: 8 }),
    origemMunicipioIbge: varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' }),
    destinoCep: varchar({ length: 8 }),
    destinoMunicipioIbge: varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' }),
    pesoKg: numeric({ precision: 14, scale: 3 }).notNull(),
    volumeM3: numeric({ precision: 14, scale: 6 }),
    valor: numeric({ precision: 14, scale: 2 }).notNull(),
    volumes: integer().notNull().default(0),
    dataPrevista: date({ mode: 'string' }),
    tipoVeiculoUid: uuid().references(() => tiposVeiculo.uid, { onDelete: 'restrict' }),
    observacao: varchar({ length: 1000 }),
    nfeUid: uuid().references(() => nfes.uid, { onDelete: 'set null' }),
    transportadorUid: uuid().references(() => transportadores.uid, { onDelete: 'restrict' }),
    /** The selected simulation line (pedido_simulacoes); its total is the expected freight. */
    simulacaoFreteUid: uuid(),
    freteEsperado: numeric({ precision: 14, scale: 2 }),
    prazoDiasUteis: smallint(),
    cotacaoUid: uuid().references(() => cotacoesFrete.uid, { onDelete: 'set null' }),
    criadoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('pedidos_numero_uq').on(t.embarcadorUid, t.numero),
    index().on(t.embarcadorUid, t.status),
    index().on(t.nfeUid),
  ],
);

/** One ranked line (one carrier's table) of an order's freight simulation run. */
export const pedidoSimulacoes = pgTable(
  'pedido_simulacoes',
  {
    uid: uidPk(),
    pedidoUid: uuid().notNull().references(() => pedidos.uid, { onDelete: 'cascade' }),
    lote: uuid().notNull(),
    posicao: smallint().notNull(),
    transportadorUid: uuid().notNull().references(() => transportadores.uid, { onDelete: 'cascade' }),
    transportadorNome: varchar({ length: 255 }).notNull(),
    tabelaUid: uuid().references(() => tabelasFrete.uid, { onDelete: 'set null' }),
    tabelaNome: varchar({ length: 255 }).notNull(),
    total: numeric({ precision: 14, scale: 2 }).notNull(),
    prazoDiasUteis: smallint().notNull(),
    dataPrevistaEntrega: date({ mode: 'string' }).notNull(),
    calculo: jsonb().notNull(),
    criadoPor: uuid().references(() => usuarios.uid, { onDelete: 'set null' }),
    criadoEm: tstz().notNull().default(sql`now()`),
  },
  (t) => [index().on(t.pedidoUid, t.criadoEm)],
);

/** The documents of a load plan: an NF-e of the register or an order (exactly one). */
export const planejamentoDocumentos = pgTable(
  'planejamento_documentos',
  {
    uid: uidPk(),
    planejamentoUid: uuid().notNull().references(() => planejamentosCarga.uid, { onDelete: 'cascade' }),
    nfeUid: uuid().references(() => nfes.uid, { onDelete: 'cascade' }),
    pedidoUid: uuid().references(() => pedidos.uid, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('planejamento_documentos_nfe_uq').on(t.planejamentoUid, t.nfeUid),
    uniqueIndex('planejamento_documentos_pedido_uq').on(t.planejamentoUid, t.pedidoUid),
    index().on(t.nfeUid),
    index().on(t.pedidoUid),
    check('planejamento_documentos_dono_ck', sql`num_nonnulls(${t.nfeUid}, ${t.pedidoUid}) = 1`),
  ],
);
