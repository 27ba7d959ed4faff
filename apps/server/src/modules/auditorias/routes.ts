import { inArray } from 'drizzle-orm';
import { auditoria, envelope, listaDe, reauditarCteInput, reauditarPorPeriodoInput, z } from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditorias } from '../../db/schema/index.ts';
import { listar } from '../../framework/crud.ts';
import { errorResponses, listQuerySchema } from '../../framework/schemas.ts';
import { criarTarefa } from '../../framework/tarefas/index.ts';
import { assinar } from '../../framework/eventos.ts';
import { AppError } from '../../lib/errors.ts';
import { comRetentativa } from '../../lib/pg-errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { auditoriaItem } from './itens.ts';
import { auditoriasResource } from './resource.ts';
import { agendarReauditoriaPorOcorrencias } from './reauditoria-ocorrencias.ts';
import { auditarCte } from './service.ts';
import { reauditarPorPeriodo } from './tarefa.ts';

// Audit routes outside the declared resource: the list of CT-es waiting for a decision, re-auditing one
// CT-e by its uid, and the re-audit of a period as a queue task.

const tags = ['Auditoria de frete'];
const pendentes = { ...auditoriasResource, listWhere: () => inArray(auditorias.status, [2, 3]) };

export default async function auditoriasRoutes(app: FastifyInstance) {
  // Every imported CT-e is audited by itself, after the import's commit, in its own transaction. The bus is
  // per process: a CT-e of another app instance's database is not found here and is ignored.
  const parar = assinar('cte.importado', async (e) => {
    try {
      // A big CT-e import audits many CT-es of one carrier at once; two of them can deadlock on PostgreSQL.
      await comRetentativa(() => app.db.transaction((tx) => auditarCte(tx, e.embarcadorUid, e.cteUid)));
    } catch (err) {
      if (err instanceof AppError && (err.status === 404 || err.status === 409)) return;
      throw err;
    }
  });
  app.addHook('onClose', async () => parar());
  agendarReauditoriaPorOcorrencias(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const filtros = Object.keys(auditoriasResource.filters);
  const faixas = Object.entries(auditoriasResource.filters).filter(([, f]) => f.range).map(([k]) => k);

  r.get('/api/v1/auditorias/auditar', {
    config: { permission: ['auditorias', 'ler'] },
    schema: {
      tags, summary: 'CT-es à espera de decisão (auditorias Divergente ou Sem cálculo), com os filtros da lista',
      querystring: listQuerySchema(filtros, faixas), response: { 200: envelope(listaDe(auditoria)), ...errorResponses },
    },
  }, async (req) => ({ success: true as const, message: '', data: await listar(app.db, pendentes, req.ctx as never, req.query as Record<string, unknown>) as never }));

  r.post('/api/v1/auditorias/reauditar-cte', {
    config: { permission: ['auditorias', 'alterar'] },
    schema: { tags, summary: 'Re-audita um CT-e; uma re-auditoria aprovada tira o CT-e da lista de pendentes', body: reauditarCteInput,
      response: { 200: envelope(auditoria.nullable()), ...errorResponses } },
  }, async (req) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    const data = await app.db.transaction(async (tx) => {
      const res = await auditarCte(tx, embarcadorUid, req.body.cteUid);
      if (!res.auditoriaUid) return null;
      const [row] = await listar(tx as never, auditoriasResource, req.ctx as never, { ftr_cteUid: req.body.cteUid }).then((l) => l.data as Record<string, unknown>[]);
      return row ? auditoriaItem(row) : null;
    });
    return { success: true as const, message: 'Re-auditoria concluída.', data: data as never };
  });

  r.put('/api/v1/auditorias/reauditar-por-periodo', {
    config: { permission: ['auditorias', 'alterar'] },
    schema: { tags, summary: 'Re-audita os CT-es de um período (e transportador) numa tarefa da fila', body: reauditarPorPeriodoInput,
      response: { 200: envelope(z.object({ uid: z.string() })), ...errorResponses } },
  }, async (req) => {
    const uid = await criarTarefa(app.db, req.contexto, reauditarPorPeriodo, { ...req.body, transportadorUid: req.body.transportadorUid ?? null });
    return { success: true as const, message: 'Re-auditoria iniciada.', data: { uid } };
  });
}
