import { pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ativo, timestamps, uidPk } from './columns.ts';
import { embarcadores } from './identidade.ts';

// Sectors and zones: shipper registers used to group deliveries.
export const setores = pgTable(
  'setores',
  {
    uid: uidPk(),
    embarcadorUid: uuid()
      .notNull()
      .references(() => embarcadores.uid, { onDelete: 'cascade' }),
    codigo: varchar({ length: 20 }).notNull(),
    nome: varchar({ length: 120 }).notNull(),
    descricao: varchar({ length: 255 }),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('setores_codigo_uq').on(t.embarcadorUid, t.codigo), uniqueIndex('setores_nome_uq').on(t.embarcadorUid, t.nome)],
);

export const zonas = pgTable(
  'zonas',
  {
    uid: uidPk(),
    embarcadorUid: uuid()
      .notNull()
      .references(() => embarcadores.uid, { onDelete: 'cascade' }),
    codigo: varchar({ length: 20 }).notNull(),
    nome: varchar({ length: 120 }).notNull(),
    /** What the zone covers, in words (cities, neighbourhoods, CEP ranges...). */
    descricao: varchar({ length: 1000 }),
    uf: varchar({ length: 2 }),
    ativo: ativo(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('zonas_codigo_uq').on(t.embarcadorUid, t.codigo), uniqueIndex('zonas_nome_uq').on(t.embarcadorUid, t.nome)],
);
