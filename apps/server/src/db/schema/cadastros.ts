import { index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ativo, timestamps, uidPk } from './columns.ts';
import { embarcadores } from './identidade.ts';

// Simple shipper-owned registers.
export const centrosCusto = pgTable('centros_custo', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  codigo: varchar({ length: 20 }).notNull(),
  nome: varchar({ length: 120 }).notNull(),
  ativo: ativo(),
  ...timestamps(),
}, (t) => [uniqueIndex('centros_custo_codigo_uq').on(t.embarcadorUid, t.codigo), index('centros_custo_nome_idx').on(t.embarcadorUid, t.nome)]);

export const departamentos = pgTable('departamentos', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  nome: varchar({ length: 120 }).notNull(),
  descricao: varchar({ length: 255 }),
  centroCustoUid: uuid().references(() => centrosCusto.uid, { onDelete: 'restrict' }),
  ativo: ativo(),
  ...timestamps(),
}, (t) => [uniqueIndex('departamentos_nome_uq').on(t.embarcadorUid, t.nome), index().on(t.centroCustoUid)]);
