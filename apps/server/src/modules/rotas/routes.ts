import { and, asc, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, UID_REGEX, rotaOpcao, z } from '@fretio/core';
import { rotas, transportadores } from '../../db/schema/index.ts';
import { registerResource } from '../../framework/register.ts';
import { ok, reply } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { colunasNomesLocais, itemComLocais, juntarNomesLocais } from '../regioes/local-ref.ts';
import { numeroOuNulo, rotasResource } from './resource.ts';

const uidOpcional = z.string().regex(UID_REGEX, MSG.parametrosInvalidos).optional();
const listaQuery = z.object({
  src: z.string().optional(),
  ftr_embarcador: z.string().optional().describe('Embarcador: deve ser o embarcador ativo'),
  transportadorRotaUid: uidOpcional.describe('Só rotas deste transportador e as sem transportador'),
  ftr_transportadorRotaUid: uidOpcional.describe('O mesmo que transportadorRotaUid'),
  q: z
    .string()
    .trim()
    .max(100, 'Deve ter no máximo 100 caracteres')
    .refine((v) => !v.includes('\0'), 'Caractere inválido')
    .optional()
    .describe('Parte do nome (sem acentos)'),
});

export default async function rotasRoutes(app: FastifyInstance) {
  registerResource(app, rotasResource);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/rotas/lista',
    {
      config: { permission: ['rotas', 'ler'] },
      schema: {
        tags: ['Rota'],
        summary: 'Rotas ativas para seleção (até 500)',
        description: "ftr_embarcador diferente do embarcador ativo responde 404 'Embarcador não localizado'.",
        querystring: listaQuery,
        response: ok(z.array(rotaOpcao)),
      },
    },
    async (req) => {
      if (!req.ctx) throw AppError.unauthenticated();
      const embarcadorUid = exigirEmbarcador(req.ctx);
      const { ftr_embarcador, q } = req.query;
      if (ftr_embarcador && ftr_embarcador !== embarcadorUid) throw AppError.notFound(MSG.embarcadorNaoLocalizado);
      const transportador = req.query.transportadorRotaUid ?? req.query.ftr_transportadorRotaUid;
      let consulta = app.db
        .select({ ...getTableColumns(rotas), transportadorNome: transportadores.nome, ...colunasNomesLocais })
        .from(rotas)
        .leftJoin(transportadores, eq(transportadores.uid, rotas.transportadorUid))
        .$dynamic();
      consulta = juntarNomesLocais(consulta, rotas);
      const rows = (await consulta
        .where(
          and(
            eq(rotas.embarcadorUid, embarcadorUid),
            eq(rotas.ativo, true),
            transportador ? or(eq(rotas.transportadorUid, transportador), isNull(rotas.transportadorUid)) : undefined,
            q ? sql`f_norm(${rotas.nome}) like '%' || f_norm(${q.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'` : undefined,
          ),
        )
        .orderBy(asc(rotas.nome))
        .limit(500)) as Record<string, unknown>[];
      return reply.ok(
        rows.map((r) => {
          const item = itemComLocais(r) as { uid: string; nome: string; transportadorUid: string | null; origem: never; destino: never };
          const km = numeroOuNulo(r.distanciaKm);
          return {
            value: item.uid,
            label: `${item.nome}${km !== null ? ` (${km} km)` : ''}`,
            nome: item.nome,
            transportadorUid: item.transportadorUid,
            origem: item.origem,
            destino: item.destino,
            distanciaKm: km,
          };
        }),
      );
    },
  );
}
