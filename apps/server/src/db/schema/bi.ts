import { jsonb, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, uidPk } from './columns.ts';
import { embarcadores, usuarios } from './identidade.ts';

/** A user's saved dashboard/BI filters, per shipper (GET/POST bi). */
export const biConfiguracoes = pgTable('bi_configuracoes', {
  uid: uidPk(),
  embarcadorUid: uuid().notNull().references(() => embarcadores.uid, { onDelete: 'cascade' }),
  usuarioUid: uuid().notNull().references(() => usuarios.uid, { onDelete: 'cascade' }),
  config: jsonb().notNull().default({}),
  ...timestamps(),
}, (t) => [uniqueIndex('bi_configuracoes_uq').on(t.embarcadorUid, t.usuarioUid)]);
