import { eq, sql } from 'drizzle-orm';
import { apiToken, apiTokenInput } from '@fretio/core';
import { apiTokens, usuarios } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';

// The active shipper's API tokens. Only the list comes from the framework: creation returns the
// secret once and deletion revokes (routes.ts). The hash is never selected.
const ativo = sql<boolean>`(${apiTokens.revogadoEm} is null and (${apiTokens.expiraEm} is null or ${apiTokens.expiraEm} > now()))`;

export const apiTokenResource = defineResource({
  nome: 'Token de API',
  path: '/api-token',
  recurso: 'api-token',
  table: apiTokens,
  uid: apiTokens.uid,
  scope: doEmbarcador(apiTokens.embarcadorUid),
  item: apiToken,
  input: apiTokenInput,
  operations: ['list'],
  select: {
    uid: apiTokens.uid,
    nome: apiTokens.nome,
    prefixo: apiTokens.prefixo,
    usuarioNome: usuarios.nome,
    criadoEm: apiTokens.criadoEm,
    expiraEm: apiTokens.expiraEm,
    ultimoUso: apiTokens.ultimoUso,
    revogadoEm: apiTokens.revogadoEm,
    ativo,
  },
  from: (q) => q.leftJoin(usuarios, eq(usuarios.uid, apiTokens.usuarioUid)),
  sortable: { nome: apiTokens.nome, criadoEm: apiTokens.criadoEm, expiraEm: apiTokens.expiraEm, ultimoUso: apiTokens.ultimoUso, usuarioNome: usuarios.nome },
  defaultSort: 'criadoEm',
  filters: {
    nome: { column: apiTokens.nome, kind: 'text' },
    ativo: { column: ativo, kind: 'bool' },
    criadoEm: { column: apiTokens.criadoEm, kind: 'date', range: true },
  },
});
