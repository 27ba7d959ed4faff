import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TIPOS_NOTIFICACAO, importacaoParametrosNotificacao, opcaoSelecao, tipoNotificacaoOpcao, z } from '@fretio/core';
import { notificacaoGrupos, notificacaoParametros } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { ok, reply } from '../../framework/schemas.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { iniciarVerificacaoCertificados } from './certificado.ts';
import { iniciarDespachante } from './despachante.ts';
import { RECURSO_NOTIFICACOES } from './grupos.ts';

// The catalogue of kinds, the groups' selection list and import-from-global; and the background work
// of this module (e-mail dispatcher, certificate check) tied to the app's life cycle.
export default async function notificacoesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  iniciarDespachante(app);
  iniciarVerificacaoCertificados(app);

  r.get('/api/v1/grupo-notificacoes/notificacoes-sistema/lista', {
    config: { permission: [RECURSO_NOTIFICACOES, 'ler'] },
    schema: { tags: ['Grupo de notificação'], summary: 'Catálogo dos tipos de notificação do sistema', response: ok(z.array(tipoNotificacaoOpcao)) },
  }, async () =>
    reply.ok(TIPOS_NOTIFICACAO.map((t) => ({ value: t.valor, label: t.label, descricao: t.descricao, destino: t.destino, recurso: t.recurso, app: t.app, email: t.email }))),
  );

  r.get('/api/v1/grupo-notificacoes/lista', {
    config: { permission: [RECURSO_NOTIFICACOES, 'ler'] },
    schema: { tags: ['Grupo de notificação'], summary: 'Grupos de notificação ativos para seleção', response: ok(z.array(opcaoSelecao)) },
  }, async (req) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    const rows = await app.db
      .select({ value: notificacaoGrupos.uid, label: notificacaoGrupos.nome })
      .from(notificacaoGrupos)
      .where(and(eq(notificacaoGrupos.embarcadorUid, embarcadorUid), eq(notificacaoGrupos.ativo, true)))
      .orderBy(asc(notificacaoGrupos.nome));
    return reply.ok(rows);
  });

  r.post('/api/v1/parametro-notificacao/import-from-global', {
    config: { permission: [RECURSO_NOTIFICACOES, 'criar'] },
    schema: {
      tags: ['Parâmetro de notificação'],
      summary: 'Copia o padrão do produto para os tipos de notificação ainda não configurados',
      description: 'Idempotente: tipos já configurados ficam como estão; uma segunda chamada não importa nada. Os parâmetros importados não têm grupos (recebe quem tem a permissão do tipo).',
      response: ok(importacaoParametrosNotificacao),
    },
  }, async (req) => {
    const ctx = req.contexto;
    const embarcadorUid = exigirEmbarcador(ctx);
    const tipos = await app.db.transaction(async (tx) => {
      const novos = await tx
        .insert(notificacaoParametros)
        .values(TIPOS_NOTIFICACAO.map((t) => ({ embarcadorUid, tipo: t.valor, app: t.app, email: t.email })))
        .onConflictDoNothing()
        .returning();
      for (const p of novos) await registrarAuditoria(tx, ctx, RECURSO_NOTIFICACOES, p.uid, 'import-from-global', null, p);
      return novos.map((p) => p.tipo);
    });
    return reply.ok({ importados: tipos.length, tipos }, tipos.length ? `${tipos.length} parâmetros importados do padrão do produto.` : 'Todos os tipos já estavam configurados.');
  });
}
