import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, UID_REGEX, opcaoSelecao, regiaoListaInput, z } from '@fretio/core';
import { regioes } from '../../db/schema/index.ts';
import { registerResource } from '../../framework/register.ts';
import { ok, reply } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { regiaoLocaisResource, regioesResource } from './resource.ts';

// Regions: the register, its locations (/regioes/{uid}/locais) and the selection list (POST /regioes/lista).
const regiaoUid = z.string({ error: MSG.regiaoNaoInformado }).regex(UID_REGEX, MSG.regiaoNaoInformado);
const opcaoRegiao = opcaoSelecao.extend({ uid: z.string(), nome: z.string(), ativo: z.boolean() });

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

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/regioes/lista',
    {
      config: { permission: ['regioes', 'ler'] },
      schema: {
        tags: ['Região'],
        summary: 'Regiões para seleção (até 500), ativas por padrão',
        description: 'Corpo opcional: {nome (parte, sem acentos), ativo (padrão true), uids}.',
        body: regiaoListaInput.optional().default({}),
        response: ok(z.array(opcaoRegiao)),
      },
    },
    async (req) => {
      const ctx = req.ctx;
      if (!ctx) throw AppError.unauthenticated();
      const { nome, ativo, uids } = req.body ?? {};
      const rows = await app.db
        .select({ uid: regioes.uid, nome: regioes.nome, ativo: regioes.ativo })
        .from(regioes)
        .where(
          and(
            eq(regioes.embarcadorUid, exigirEmbarcador(ctx)),
            ativo === false ? undefined : eq(regioes.ativo, true),
            nome ? sql`f_norm(${regioes.nome}) like '%' || f_norm(${nome.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'` : undefined,
            uids?.length ? inArray(regioes.uid, uids) : undefined,
          ),
        )
        .orderBy(asc(regioes.nome))
        .limit(500);
      return reply.ok(rows.map((r) => ({ ...r, value: r.uid, label: r.nome })));
    },
  );
}
