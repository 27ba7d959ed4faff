import { logOperacao, logOperacaoInput } from '@fretio/core';
import { eq } from 'drizzle-orm';
import { logsOperacao, usuarios } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';

// Integration and import log of the active shipper: read, and written by integrations (POST) and by
// the modules' tasks. Entries are never changed afterwards.
export const logsResource = defineResource({
  nome: 'Log',
  path: '/logs',
  recurso: 'logs',
  table: logsOperacao,
  uid: logsOperacao.uid,
  scope: doEmbarcador(logsOperacao.embarcadorUid),
  item: logOperacao,
  input: logOperacaoInput,
  operations: ['list', 'get', 'create'],
  select: {
    uid: logsOperacao.uid, nivel: logsOperacao.nivel, origem: logsOperacao.origem, mensagem: logsOperacao.mensagem,
    detalhes: logsOperacao.detalhes, tarefaUid: logsOperacao.tarefaUid, usuarioUid: logsOperacao.usuarioUid,
    usuarioNome: usuarios.nome, criadoEm: logsOperacao.criadoEm,
  },
  from: (q) => q.leftJoin(usuarios, eq(usuarios.uid, logsOperacao.usuarioUid)),
  toValues: (input, ctx) => ({ ...input, detalhes: input.detalhes ?? null, usuarioUid: ctx.usuarioUid }),
  sortable: { criadoEm: logsOperacao.criadoEm, nivel: logsOperacao.nivel, origem: logsOperacao.origem },
  defaultSort: 'criadoEm',
  defaultOrder: 'DESC',
  filters: {
    nivel: { column: logsOperacao.nivel, kind: 'exact' },
    origem: { column: logsOperacao.origem, kind: 'text' },
    mensagem: { column: logsOperacao.mensagem, kind: 'text' },
    tarefaUid: { column: logsOperacao.tarefaUid, kind: 'uid' },
    criadoEm: { column: logsOperacao.criadoEm, kind: 'date', range: true },
  },
});
