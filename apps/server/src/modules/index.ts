import type { FastifyInstance } from 'fastify';
import { registerResource } from '../framework/register.ts';
import { centrosCustoResource } from './centros-custo/resource.ts';
import { departamentosResource } from './departamentos/resource.ts';
import healthRoutes from './health/routes.ts';

// Every module of the API, registered in one place.
export const resources = [centrosCustoResource, departamentosResource];

export async function modules(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(async (scope) => {
    for (const r of resources) registerResource(scope, r);
  });
}
