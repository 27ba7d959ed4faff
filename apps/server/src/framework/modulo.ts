import type { FastifyPluginAsync } from 'fastify';
import type { ResourceDef } from './resource.ts';

/**
 * What a module gives the API (each module's `module.ts` exports one): its declared resources (CRUD
 * and actions come from the framework) and its custom routes as Fastify plugins.
 */
export type Modulo = {
  nome: string;
  resources?: ResourceDef[];
  routes?: FastifyPluginAsync[];
};

export const defineModule = (m: Modulo) => m;
