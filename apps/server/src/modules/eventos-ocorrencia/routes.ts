import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { eventosOcorrencia } from '../../db/schema/index.ts';
import { registerAnexos } from '../anexos/routes.ts';
import { eventosOcorrenciaResource } from './resource.ts';

// Attachments of an event (the photo of the signed receipt is the proof of delivery): the common anexos
// sub-resource; the carrier's user attaches to the events of its own notes (the resource's scope).
export default async function eventosOcorrenciaRoutes(app: FastifyInstance) {
  registerAnexos(app, {
    parentPath: '/eventos-ocorrencia/:uid',
    recurso: 'eventos-ocorrencia',
    tag: 'Evento de ocorrência',
    async parentVisible(db, ctx, uid) {
      const [e] = await db
        .select({ uid: eventosOcorrencia.uid })
        .from(eventosOcorrencia)
        .where(and(eq(eventosOcorrencia.uid, uid), eventosOcorrenciaResource.scope.where(ctx)));
      return !!e;
    },
  });
}
