import { sql } from 'drizzle-orm';
import { boolean, customType, uuid } from 'drizzle-orm/pg-core';

// Column groups every register shares. Column names are snake_case in SQL (casing: 'snake_case').
export const uidPk = () => uuid().primaryKey().default(sql`gen_random_uuid()`);

/** timestamptz that reaches the code as an ISO 8601 string, whatever the driver hands back. */
export const tstz = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (v) => new Date(v).toISOString(),
  toDriver: (v) => v,
});

export const timestamps = () => ({
  criadoEm: tstz().notNull().default(sql`now()`),
  atualizadoEm: tstz().notNull().default(sql`now()`),
});
export const ativo = () => boolean().notNull().default(true);
