import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { MSG, UID_REGEX, z } from '@fretio/core';
import { AppError } from '../../../lib/errors.ts';
import { registerResource } from '../../../framework/register.ts';
import { mapasComponenteResource } from './resource.ts';

// Carrier sub-resource operations need a carrier: a missing/invalid carrier uid answers 400
// 'Transportador não informado.' (spec §5).
const transportadorUid = z.string({ error: MSG.transportadorNaoInformado }).regex(UID_REGEX, MSG.transportadorNaoInformado);

export default async function mapasComponenteRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/v1/transportadores/:uid/mapasComponente')) return;
    const params = route.url.includes(':childUid')
      ? z.object({ uid: transportadorUid, childUid: z.string().regex(UID_REGEX, MSG.parametrosInvalidos) })
      : z.object({ uid: transportadorUid });
    route.schema = { ...route.schema, params };
    // Checked before the schema so the reply's message is the spec's, not the generic one.
    const antes = route.preValidation;
    route.preValidation = [
      async (req: FastifyRequest) => {
        const uid = (req.params as { uid?: string }).uid;
        if (!uid || !UID_REGEX.test(uid)) throw AppError.field('uid', MSG.transportadorNaoInformado);
      },
      ...(Array.isArray(antes) ? antes : antes ? [antes] : []),
    ];
  });
  registerResource(app, mapasComponenteResource);
}
