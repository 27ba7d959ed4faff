import type { FastifyInstance } from 'fastify';
import { registerResource } from '../framework/register.ts';
import { apiTokenResource } from './api-token/resource.ts';
import apiTokenRoutes from './api-token/routes.ts';
import arquivosRoutes from './arquivos/routes.ts';
import auditoriaSistemaRoutes from './auditoria-sistema/routes.ts';
import { centrosCustoResource } from './centros-custo/resource.ts';
import outboxRoutes from './conta/outbox.ts';
import contaRoutes from './conta/routes.ts';
import { departamentosResource } from './departamentos/resource.ts';
import embarcadoresRoutes from './embarcadores/routes.ts';
import healthRoutes from './health/routes.ts';
import { papeisResource } from './papeis/resource.ts';
import papeisRoutes from './papeis/routes.ts';
import perfilRoutes from './perfil/routes.ts';
import { autonomosResource, transportadoresResource, unidadesDosTransportadoresResource } from './transportadores/resource.ts';
import transportadoresRoutes from './transportadores/routes.ts';
import { unidadesTransportadorResource } from './transportadores/unidades/resource.ts';
import { usuariosTransportadorResource } from './transportadores/usuarios/resource.ts';
import usuariosTransportadorRoutes from './transportadores/usuarios/routes.ts';

// Every module of the API, registered in one place. Plain registers are declarations (resources);
// modules with their own routes are Fastify plugins.
export const resources = [centrosCustoResource, departamentosResource, papeisResource, apiTokenResource, transportadoresResource, autonomosResource, unidadesDosTransportadoresResource, unidadesTransportadorResource, usuariosTransportadorResource];

export async function modules(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(async (scope) => {
    for (const r of resources) registerResource(scope, r);
    await scope.register(arquivosRoutes);
    await scope.register(auditoriaSistemaRoutes);
    await scope.register(contaRoutes);
    await scope.register(outboxRoutes);
    await scope.register(embarcadoresRoutes);
    await scope.register(perfilRoutes);
    await scope.register(papeisRoutes);
    await scope.register(apiTokenRoutes);
    await scope.register(transportadoresRoutes);
    await scope.register(usuariosTransportadorRoutes);
  });
}
