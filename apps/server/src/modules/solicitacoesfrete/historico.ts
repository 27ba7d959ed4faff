import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listaDe, z } from '@fretio/core';
import { auditoriaSistema, usuarios } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { ok, reply, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';

// The timeline of a record: every write of the audit trail (who, when, status before/after and the
// justification), oldest first. GET {parentPath}/historico.

export const eventoHistorico = z.object({
  uid: z.string(),
  acao: z.string(),
  usuarioNome: z.string().nullable(),
  em: z.string(),
  statusAntes: z.number().int().nullable(),
  statusDepois: z.number().int().nullable(),
  justificativa: z.string().nullable(),
});

export function registerHistorico(
  app: FastifyInstance,
  o: { parentPath: string; recurso: string; tag: string; parentVisible(db: DbOrTx, ctx: RequestContext, uid: string): Promise<boolean> },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    `/api/v1${o.parentPath}/historico`,
    {
      config: { permission: [o.recurso, 'ler'] },
      schema: {
        tags: [o.tag],
        summary: 'Linha do tempo do registro (quem, quando, status e justificativa)',
        params: z.object({ uid: zUidParam }),
        response: ok(listaDe(eventoHistorico)),
      },
    },
    async (req) => {
      const ctx = req.contexto;
      if (!(await o.parentVisible(app.db, ctx, req.params.uid))) throw AppError.notFound();
      const rows = await app.db
        .select({ a: auditoriaSistema, usuarioNome: usuarios.nome })
        .from(auditoriaSistema)
        .leftJoin(usuarios, eq(usuarios.uid, auditoriaSistema.usuarioUid))
        .where(
          and(
            eq(auditoriaSistema.embarcadorUid, exigirEmbarcador(ctx)),
            eq(auditoriaSistema.recurso, o.recurso),
            eq(auditoriaSistema.registroUid, req.params.uid),
          ),
        )
        .orderBy(asc(auditoriaSistema.em), asc(auditoriaSistema.uid))
        .limit(500);
      const data = rows.map(({ a, usuarioNome }) => {
        const antes = (a.antes ?? {}) as Record<string, unknown>;
        const depois = (a.depois ?? {}) as Record<string, unknown>;
        const st = (v: unknown) => (typeof v === 'number' ? v : null);
        return {
          uid: a.uid,
          acao: a.acao,
          usuarioNome,
          em: a.em,
          statusAntes: st(antes.status),
          statusDepois: st(depois.status),
          justificativa: typeof depois.justificativa === 'string' ? depois.justificativa : null,
        };
      });
      return reply.ok({ data, totalRecords: data.length });
    },
  );
}
