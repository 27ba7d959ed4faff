import { sql } from 'drizzle-orm';
import { boolean, check, char, index, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ativo, timestamps, uidPk } from './columns.ts';
import { embarcadores } from './identidade.ts';
import { municipios } from './locais.ts';

// People (senders, recipients, payers) of a shipper. Search indexes beyond these (trigram GIN over
// f_norm(nome) and f_norm(nome_fantasia)) are in the custom migration pessoas_busca.
export const pessoas = pgTable(
  'pessoas',
  {
    uid: uidPk(),
    embarcadorUid: uuid()
      .notNull()
      .references(() => embarcadores.uid, { onDelete: 'cascade' }),
    /** F (CPF) or J (CNPJ), derived from the document. */
    tipoPessoa: char({ length: 1 }).notNull(),
    documento: varchar({ length: 14 }).notNull(),
    ie: varchar({ length: 20 }),
    nome: varchar({ length: 150 }).notNull(),
    nomeFantasia: varchar({ length: 150 }),
    cep: varchar({ length: 8 }),
    logradouro: varchar({ length: 150 }),
    numero: varchar({ length: 20 }),
    complemento: varchar({ length: 100 }),
    bairro: varchar({ length: 100 }),
    /** 7-digit IBGE code of municipios (also checked by query, to answer 400 naming the field). */
    municipioIbge: varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' }),
    uf: varchar({ length: 2 }),
    email: varchar({ length: 150 }),
    telefone: varchar({ length: 20 }),
    remetente: boolean().notNull().default(false),
    destinatario: boolean().notNull().default(false),
    tomador: boolean().notNull().default(false),
    /** Loads to this recipient are charged by real weight in every table (Carga.isentoCubagem). */
    isentoCubagem: boolean().notNull().default(false),
    ativo: ativo(),
    ...timestamps(),
    /** Search text: f_norm(nome + ' ' + nome fantasia), stored so /pessoas/list rechecks and sorts without recomputing it. */
    busca: text().generatedAlwaysAs(sql`f_norm(nome || ' ' || coalesce(nome_fantasia, ''))`),
  },
  (t) => [
    // text_pattern_ops: the same index enforces uniqueness and serves `documento like '123%'` in any collation.
    uniqueIndex('pessoas_documento_uq').on(t.embarcadorUid, t.documento.op('text_pattern_ops')),
    index('pessoas_nome_idx').on(t.embarcadorUid, t.nome),
    index('pessoas_municipio_idx').on(t.municipioIbge),
    check('pessoas_tipo_pessoa_ck', sql`${t.tipoPessoa} in ('F', 'J')`),
  ],
);
