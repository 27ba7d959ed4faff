import { check, date, index, numeric, pgTable, smallint, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ativo, timestamps, uidPk } from './columns.ts';
import { embarcadores, transportadores } from './identidade.ts';

// Fleet: vehicle types (a global catalogue, embarcador_uid null, plus each shipper's own additions),
// and the drivers and vehicles of each carrier.
export const tiposVeiculo = pgTable(
  'tipos_veiculo',
  {
    uid: uidPk(),
    /** null: global catalogue (read-only to shippers); otherwise the shipper that added it. */
    embarcadorUid: uuid().references(() => embarcadores.uid, { onDelete: 'cascade' }),
    nome: varchar({ length: 80 }).notNull(),
    capacidadeKg: numeric({ precision: 12, scale: 2 }).notNull(),
    capacidadeM3: numeric('capacidade_m3', { precision: 10, scale: 2 }).notNull(),
    eixos: smallint().notNull(),
    tipoCarroceria: varchar({ length: 20 }).notNull(),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [
    unique('tipos_veiculo_nome_uq').on(t.embarcadorUid, t.nome).nullsNotDistinct(),
    check('tipos_veiculo_eixos_ck', sql`${t.eixos} between 1 and 9`),
  ],
);

export const motoristas = pgTable(
  'motoristas',
  {
    uid: uidPk(),
    transportadorUid: uuid()
      .notNull()
      .references(() => transportadores.uid, { onDelete: 'cascade' }),
    nome: varchar({ length: 150 }).notNull(),
    cpf: varchar({ length: 11 }).notNull(),
    cnhNumero: varchar({ length: 11 }).notNull(),
    cnhCategoria: varchar({ length: 2 }).notNull(),
    cnhValidade: date({ mode: 'string' }).notNull(),
    telefone: varchar({ length: 20 }),
    /** The shipper that registered the driver (null: the carrier itself); it may read the CPF and CNH. */
    cadastradoPorEmbarcadorUid: uuid().references(() => embarcadores.uid, { onDelete: 'set null' }),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('motoristas_cpf_uq').on(t.transportadorUid, t.cpf),
    uniqueIndex('motoristas_cnh_uq').on(t.transportadorUid, t.cnhNumero),
    index('motoristas_nome_idx').on(t.transportadorUid, t.nome),
  ],
);

export const veiculos = pgTable(
  'veiculos',
  {
    uid: uidPk(),
    transportadorUid: uuid()
      .notNull()
      .references(() => transportadores.uid, { onDelete: 'cascade' }),
    /** Upper case, no hyphen: ABC1234 or Mercosul ABC1D23. */
    placa: varchar({ length: 7 }).notNull(),
    renavam: varchar({ length: 11 }).notNull(),
    tipoVeiculoUid: uuid()
      .notNull()
      .references(() => tiposVeiculo.uid, { onDelete: 'restrict' }),
    capacidadeKg: numeric({ precision: 12, scale: 2 }).notNull(),
    capacidadeM3: numeric('capacidade_m3', { precision: 10, scale: 2 }).notNull(),
    ano: smallint(),
    proprietario: varchar({ length: 10 }).notNull().default('PROPRIO'),
    ufLicenciamento: varchar({ length: 2 }),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('veiculos_placa_uq').on(t.transportadorUid, t.placa),
    uniqueIndex('veiculos_renavam_uq').on(t.transportadorUid, t.renavam),
    index('veiculos_tipo_idx').on(t.tipoVeiculoUid),
  ],
);
