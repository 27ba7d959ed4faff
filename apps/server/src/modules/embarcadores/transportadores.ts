import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, zUid } from '@fretio/core';
import { embarcadorTransportador, transportadores } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { registerResource } from '../../framework/register.ts';
import { defineResource } from '../../framework/resource.ts';
import { created, okEmpty, reply, uidParams, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { embarcadorAtivoEh, exigirEmbarcadorAtivo } from './parent.ts';
import { assumirSeOrfao, passarAdiante } from './gestor-transportador.ts';

// The carriers that serve a shipper: list (framework), link and unlink. Linking reads nothing of the
// carrier but its uid and never lets the shipper change it (modules/transportadores/propriedade.ts).
export const transportadorVinculado = z.object({
  uid: z.string(), id: z.number(), nome: z.string(), nomeFantasia: z.string().nullable(), cnpj: z.string(),
  uf: z.string().nullable(), ativo: z.boolean(), vinculadoEm: z.string(),
});

export const transportadoresDoEmbarcadorResource = defineResource({
  nome: 'Transportadores do embarcador',
  path: '/embarcadores/:uid/transportadores',
  recurso: 'transportadores',
  table: transportadores,
  uid: transportadores.uid,
  operations: ['list'],
  scope: {
    // The join in `from` already keeps only linked carriers.
    where: () => undefined,
    values: () => ({}),
    parentVisible: embarcadorAtivoEh,
  },
  item: transportadorVinculado,
  input: z.object({ transportadorUid: zUid }),
  sortable: { nome: transportadores.nome, cnpj: transportadores.cnpj, uf: transportadores.uf },
  defaultSort: 'nome',
  filters: { nome: { column: transportadores.nome, kind: 'text' }, cnpj: { column: transportadores.cnpj, kind: 'text' }, uf: { column: transportadores.uf, kind: 'exact' } },
  select: {
    uid: transportadores.uid, id: transportadores.id, nome: transportadores.nome, nomeFantasia: transportadores.nomeFantasia,
    cnpj: transportadores.cnpj, uf: transportadores.uf, ativo: transportadores.ativo, vinculadoEm: embarcadorTransportador.criadoEm,
  },
  from: (q, _ctx, parentUid) =>
    q.innerJoin(embarcadorTransportador, and(eq(embarcadorTransportador.transportadorUid, transportadores.uid), eq(embarcadorTransportador.embarcadorUid, parentUid as string))),
});

export async function transportadoresVinculoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [transportadoresDoEmbarcadorResource.nome];
  registerResource(app, transportadoresDoEmbarcadorResource);

  r.post('/api/v1/embarcadores/:uid/transportadores', {
    config: { permission: ['transportadores', 'criar'] },
    schema: { tags, summary: 'Vincula um transportador ao embarcador', params: uidParams, body: z.object({ transportadorUid: zUid }), response: created(z.object({ transportadorUid: z.string() })) },
  }, async (req, res) => {
    const ctx = exigirEmbarcadorAtivo(req.ctx, req.params.uid);
    const { transportadorUid } = req.body;
    await app.db.transaction(async (tx) => {
      const [t] = await tx.select({ uid: transportadores.uid }).from(transportadores).where(eq(transportadores.uid, transportadorUid));
      if (!t) throw AppError.field('transportadorUid', 'Transportador não encontrado.');
      const inserted = await tx.insert(embarcadorTransportador).values({ embarcadorUid: req.params.uid, transportadorUid }).onConflictDoNothing().returning();
      if (!inserted.length) throw AppError.conflict('Transportador já vinculado a este embarcador.', [{ field: 'transportadorUid', message: 'Transportador já vinculado' }]);
      await assumirSeOrfao(tx, transportadorUid, req.params.uid);
      await registrarAuditoria(tx, ctx, 'transportadores', transportadorUid, 'vincular', null, { embarcadorUid: req.params.uid });
    });
    return res.status(201).send(reply.saved({ transportadorUid }));
  });

  r.delete('/api/v1/embarcadores/:uid/transportadores/:transportadorUid', {
    config: { permission: ['transportadores', 'excluir'] },
    schema: { tags, summary: 'Remove o vínculo do transportador com o embarcador', params: z.object({ uid: zUidParam, transportadorUid: zUidParam }), response: okEmpty },
  }, async (req) => {
    const ctx = exigirEmbarcadorAtivo(req.ctx, req.params.uid);
    await app.db.transaction(async (tx) => {
      const removed = await tx.delete(embarcadorTransportador)
        .where(and(eq(embarcadorTransportador.embarcadorUid, req.params.uid), eq(embarcadorTransportador.transportadorUid, req.params.transportadorUid)))
        .returning();
      if (!removed.length) throw AppError.notFound();
      await passarAdiante(tx, req.params.transportadorUid, req.params.uid);
      await registrarAuditoria(tx, ctx, 'transportadores', req.params.transportadorUid, 'desvincular', { embarcadorUid: req.params.uid }, null);
    });
    return reply.deleted();
  });
}
