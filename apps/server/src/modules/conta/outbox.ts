import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@fretio/core';
import { emailOutbox, usuarioEmbarcador, usuarios } from '../../db/schema/index.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { ok, reply } from '../../framework/schemas.ts';

// Development only: without SMTP_URL, e-mails stay in the outbox; the administrator reads the latest
// here (activation and reset links included). Not registered in production.
const mensagem = z.object({ uid: z.string(), para: z.string(), assunto: z.string(), texto: z.string(), enviadoEm: z.string().nullable(), erro: z.string().nullable(), criadoEm: z.string() });

export default async function outboxRoutes(app: FastifyInstance) {
  if (app.config.production) return;
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/administracao/caixa-saida', {
    config: { permission: ['usuarios', 'alterar'] },
    schema: { tags: ['Conta'], summary: 'Últimos e-mails da caixa de saída (somente desenvolvimento)', response: ok(z.array(mensagem)) },
  }, async (req) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    // Only messages to users of the active shipper: a reset link is a credential.
    const rows = await app.db.select().from(emailOutbox)
      .where(sql`${emailOutbox.para} in (select ${usuarios.login} from ${usuarios} join ${usuarioEmbarcador} on ${usuarioEmbarcador.usuarioUid} = ${usuarios.uid} where ${usuarioEmbarcador.embarcadorUid} = ${embarcadorUid})`)
      .orderBy(desc(emailOutbox.criadoEm)).limit(50);
    return reply.ok(rows);
  });
}
