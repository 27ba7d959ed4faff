import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recursoSistema, recursosSistemaLista, z } from '@fretio/core';
import { ok, reply } from '../../framework/schemas.ts';

// The permission catalogue as the roles screens read it: an object keyed by code, and lists.
const tags = ['Papel'];
const ler = { permission: ['papeis', 'ler'] as ['papeis', 'ler'] };

export default async function papeisRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/papeis/objeto-recursos-sistema', {
    config: ler,
    schema: { tags, summary: 'Recursos do sistema, por código', response: ok(z.record(z.string(), recursoSistema)) },
  }, async () => reply.ok(Object.fromEntries(recursosSistemaLista().map((rec) => [rec.codigo, rec]))));

  r.get('/api/v1/papeis/recursos-sistema/lista', {
    config: ler,
    schema: { tags, summary: 'Recursos do sistema, ordenados por grupo e nome', response: ok(z.array(recursoSistema)) },
  }, async () => reply.ok(recursosSistemaLista()));

  r.get('/api/v1/papeis/recursos-sistema-notificacao/lista', {
    config: ler,
    schema: { tags, summary: 'Recursos do sistema que geram notificações', response: ok(z.array(recursoSistema)) },
  }, async () => reply.ok(recursosSistemaLista().filter((rec) => rec.notificavel)));
}
