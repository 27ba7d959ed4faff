import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from '@fretio/core';
import { auditoriaSistema, usuarios } from '../../db/schema/index.ts';
import { registerResource } from '../../framework/register.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';

// The audit trail (who changed what, when) of the active shipper: read-only.
const registro = z.object({
  uid: z.string(), recurso: z.string(), registroUid: z.string(), acao: z.string(),
  usuarioUid: z.string().nullable(), usuarioNome: z.string().nullable(),
  antes: z.unknown().nullable(), depois: z.unknown().nullable(), em: z.string(),
});

export const auditoriaSistemaResource = defineResource({
  nome: 'Trilha de auditoria',
  path: '/auditoria-sistema',
  recurso: 'auditoria-sistema',
  table: auditoriaSistema,
  uid: auditoriaSistema.uid,
  scope: doEmbarcador(auditoriaSistema.embarcadorUid),
  item: registro,
  input: z.object({}),
  operations: ['list'],
  select: {
    uid: auditoriaSistema.uid, recurso: auditoriaSistema.recurso, registroUid: auditoriaSistema.registroUid, acao: auditoriaSistema.acao,
    usuarioUid: auditoriaSistema.usuarioUid, usuarioNome: usuarios.nome, antes: auditoriaSistema.antes, depois: auditoriaSistema.depois, em: auditoriaSistema.em,
  },
  from: (q) => q.leftJoin(usuarios, eq(usuarios.uid, auditoriaSistema.usuarioUid)),
  sortable: { em: auditoriaSistema.em, recurso: auditoriaSistema.recurso, acao: auditoriaSistema.acao },
  defaultSort: 'em',
  defaultOrder: 'DESC',
  filters: {
    recurso: { column: auditoriaSistema.recurso, kind: 'exact' },
    registroUid: { column: auditoriaSistema.registroUid, kind: 'exact' },
    acao: { column: auditoriaSistema.acao, kind: 'exact' },
    usuarioUid: { column: auditoriaSistema.usuarioUid, kind: 'uid' },
    em: { column: auditoriaSistema.em, kind: 'date', range: true },
  },
});

export default async function auditoriaSistemaRoutes(app: FastifyInstance) {
  registerResource(app, auditoriaSistemaResource);
}
