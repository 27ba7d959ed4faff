import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../framework/register.ts';
import { prazosEntregaResource } from './resource.ts';

export default async function prazosEntregaRoutes(app: FastifyInstance) {
  registerResource(app, prazosEntregaResource);
}
