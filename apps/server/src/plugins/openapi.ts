import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// OpenAPI 3 generated from the zod route schemas: GET /api/docs/json, UI at /api/docs.
export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fretio API',
        version: '1.0.0',
        description:
          'API do Fretio. Respostas no envelope {success, message, data}; listas em data = {data, totalRecords}. ' +
          'Autenticação por cookie de sessão (/api/auth) ou Authorization: Bearer <token de API>. ' +
          'Filtros ftr_ não declarados por um recurso respondem 400.',
      },
      components: {
        securitySchemes: {
          sessao: { type: 'apiKey', in: 'cookie', name: 'authjs.session-token' },
          token: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ sessao: [] }, { token: [] }],
    },
    transform: jsonSchemaTransform,
    // The document's own route is served by swagger-ui (hidden there); list it so clients find it.
    transformObject: (doc) => {
      const spec = ('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject) as { paths?: Record<string, unknown> };
      spec.paths = {
        ...spec.paths,
        '/api/docs/json': { get: { tags: ['Serviço'], summary: 'Este documento OpenAPI', security: [], responses: { 200: { description: 'OpenAPI 3' } } } },
      };
      return spec as never;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none', validatorUrl: null } });
});
