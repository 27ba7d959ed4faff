import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { MSG, UID_REGEX, z } from '@fretio/core';
import { registerResource } from '../../framework/register.ts';
import { AppError } from '../../lib/errors.ts';
import { regiaoLocaisResource, regioesResource } from './resource.ts';

// Regions: the register, its locations (/regioes/{uid}/locais) and the selection list (POST /regioes/lista, declared in resource.ts).
const regiaoUid = z.string({ error: MSG.regiaoNaoInformado }).regex(UID_REGEX, MSG.regiaoNaoInformado);

export default async function regioesRoutes(app: FastifyInstance) {
  // Location routes without a valid region uid answer 400 'Regiao não informado.' (spec §5).
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/v1/regioes/:uid/locais')) return;
    const params = route.url.includes(':childUid')
      ? z.object({ uid: regiaoUid, childUid: z.string().regex(UID_REGEX, MSG.parametrosInvalidos) })
      : z.object({ uid: regiaoUid });
    route.schema = { ...route.schema, params };
    // Checked before the schema so the reply's message is the spec's, not the generic one.
    const antes = route.preValidation;
    route.preValidation = [
      async (req: FastifyRequest) => {
        const uid = (req.params as { uid?: string }).uid;
        if (!uid || !UID_REGEX.test(uid)) throw AppError.field('uid', MSG.regiaoNaoInformado);
      },
      ...(Array.isArray(antes) ? antes : antes ? [antes] : []),
    ];
  });
  registerResource(app, regioesResource);
  registerResource(app, regiaoLocaisResource);
}
