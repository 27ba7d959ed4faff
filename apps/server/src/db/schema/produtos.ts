import { boolean, index, numeric, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ativo, timestamps, uidPk } from './columns.ts';
import { embarcadores } from './identidade.ts';

// Products of a shipper (what its freight carries). The trigram index over f_norm(descricao) is in
// the custom migration produtos_busca.
export const produtos = pgTable(
  'produtos',
  {
    uid: uidPk(),
    embarcadorUid: uuid()
      .notNull()
      .references(() => embarcadores.uid, { onDelete: 'cascade' }),
    codigo: varchar({ length: 60 }).notNull(),
    descricao: varchar({ length: 255 }).notNull(),
    ncm: varchar({ length: 8 }).notNull(),
    unidade: varchar({ length: 6 }).notNull().default('UN'),
    pesoBrutoKg: numeric({ precision: 14, scale: 3 }),
    pesoLiquidoKg: numeric({ precision: 14, scale: 3 }),
    comprimentoCm: numeric({ precision: 10, scale: 2 }),
    larguraCm: numeric({ precision: 10, scale: 2 }),
    alturaCm: numeric({ precision: 10, scale: 2 }),
    /** Cubic metres per unit (computed from the dimensions when not given). */
    m3: numeric({ precision: 14, scale: 6 }),
    valorUnitario: numeric({ precision: 14, scale: 2 }),
    ean: varchar({ length: 14 }),
    /** A load made only of exempt products is charged by real weight in every table (Carga.isentoCubagem). */
    isentoCubagem: boolean().notNull().default(false),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('produtos_codigo_uq').on(t.embarcadorUid, t.codigo.op('text_pattern_ops')),
    index('produtos_descricao_idx').on(t.embarcadorUid, t.descricao),
    index('produtos_ncm_idx').on(t.embarcadorUid, t.ncm),
  ],
);
