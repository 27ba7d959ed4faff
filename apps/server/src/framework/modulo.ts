import type { FastifyPluginAsync } from 'fastify';
import type { ResourceDef } from './resource.ts';
import type { TipoTarefa } from './tarefas/tipo.ts';

/**
 * What a module gives the API (each module's `module.ts` exports one): its declared resources (CRUD
 * and actions come from the framework) and its custom routes as Fastify plugins.
 */
export type Modulo = {
  nome: string;
  resources?: ResourceDef[];
  routes?: FastifyPluginAsync[];
  /** Kinds of long job the module queues (framework/tarefas): listed so the worker knows them. */
  // biome-ignore lint/suspicious/noExplicitAny: each type has its own parameters
  tarefas?: TipoTarefa<any>[];
};

export const defineModule = (m: Modulo) => m;
