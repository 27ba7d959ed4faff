import { type SQL, and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type Notificacao as NotificacaoItem, leituraNotificacaoInput, listaDe, marcarLidasResultado, notificacao, novidadesNotificacao,
  novidadesQuery, tipoNotificacaoLabel,
} from '@fretio/core';
import { notificacoes } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { parseList } from '../../framework/list-query.ts';
import { listQuerySchema, ok, okEmpty, reply, uidParams } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';

// The signed-in user's inbox (notificacao): any user, no permission needed, and only their own rows
// in the active shipper — anyone else's uid answers 404. Default order: unread first, then newest.

const tags = ['Notificações'];
const NENHUM = '00000000-0000-4000-8000-000000000000';
const LISTA = {
  filters: {
    tipo: { column: notificacoes.tipo, kind: 'exact' as const },
    lida: { column: sql`(${notificacoes.dataLeitura} is not null)`, kind: 'bool' as const },
    criadoEm: { column: notificacoes.criadoEm, kind: 'date' as const, range: true },
  },
  sortable: { criadoEm: notificacoes.criadoEm, dataLeitura: notificacoes.dataLeitura, tipo: notificacoes.tipo },
  defaultSort: 'criadoEm',
  tieBreaker: notificacoes.uid,
};

/** The user's own rows in the active shipper (none without one). */
export const minhas = (ctx: RequestContext): SQL =>
  and(eq(notificacoes.usuarioUid, ctx.usuarioUid), eq(notificacoes.embarcadorUid, ctx.embarcadorUid ?? NENHUM)) as SQL;

export function paraItem(r: typeof notificacoes.$inferSelect): NotificacaoItem {
  return {
    uid: r.uid, tipo: r.tipo, tipoLabel: tipoNotificacaoLabel(r.tipo), recurso: r.recurso, registroUid: r.registroUid, titulo: r.titulo,
    mensagem: r.mensagem, link: r.link, dataLeitura: r.dataLeitura, lida: r.dataLeitura !== null, criadoEm: r.criadoEm,
    notificacaoUsuarios: [{ usuarioUid: r.usuarioUid, dataLeitura: r.dataLeitura }],
  };
}

async function naoLidas(app: FastifyInstance, ctx: RequestContext) {
  const [c] = await app.db.select({ n: sql<number>`count(*)::int` }).from(notificacoes).where(and(minhas(ctx), isNull(notificacoes.dataLeitura)));
  return Number(c?.n ?? 0);
}

export default async function caixaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/notificacao';

  r.get(base, {
    schema: {
      tags,
      summary: 'Notificações do usuário no embarcador ativo',
      description: 'Sem ssf: não lidas primeiro, depois das mais novas para as mais antigas. Ordenável por criadoEm, dataLeitura, tipo. Filtros: ftr_tipo, ftr_lida (true/false), ftr_criadoEmDe/Ate.',
      querystring: listQuerySchema(['tipo', 'lida'], ['criadoEm']),
      response: ok(listaDe(notificacao)),
    },
  }, async (req) => {
    const ctx = req.contexto;
    const q = req.query as Record<string, unknown>;
    const l = parseList(q, LISTA);
    const where = and(minhas(ctx), l.where);
    const ordem = q.ssf ? l.orderBy : [asc(sql`(${notificacoes.dataLeitura} is not null)`), desc(notificacoes.criadoEm), asc(notificacoes.uid)];
    const rows = await app.db.select().from(notificacoes).where(where).orderBy(...ordem).limit(l.limit).offset(l.offset);
    const [c] = await app.db.select({ n: sql<number>`count(*)::int` }).from(notificacoes).where(where);
    return reply.ok({ data: rows.map(paraItem), totalRecords: Number(c?.n ?? 0) });
  });

  r.get(`${base}/news`, {
    schema: {
      tags,
      summary: 'O que chegou desde a última chamada e o total de não lidas (o sino)',
      description:
        'Com `desde` (a ultimaRequisicao da resposta anterior): as notificações criadas depois desse instante. Sem `desde`: as não lidas. ' +
        'No máximo 50, mais novas primeiro. naoLidas é sempre o total exato de não lidas; ultimaRequisicao é o relógio do servidor.',
      querystring: novidadesQuery,
      response: ok(novidadesNotificacao),
    },
  }, async (req) => {
    const ctx = req.contexto;
    const agora = await app.db.execute(sql`select now() as agora`) as unknown as { rows: { agora: string | Date }[] };
    const ultimaRequisicao = new Date(agora.rows[0].agora).toISOString();
    const corte = req.query.desde ? gt(notificacoes.criadoEm, new Date(req.query.desde).toISOString()) : isNull(notificacoes.dataLeitura);
    const rows = await app.db.select().from(notificacoes).where(and(minhas(ctx), corte)).orderBy(desc(notificacoes.criadoEm), asc(notificacoes.uid)).limit(50);
    return reply.ok({ data: rows.map(paraItem), naoLidas: await naoLidas(app, ctx), novaNotificacao: rows.length > 0, ultimaRequisicao });
  });

  r.post(`${base}/marcar-lidas`, {
    schema: { tags, summary: 'Marca como lidas todas as não lidas do usuário no embarcador ativo', response: ok(marcarLidasResultado) },
  }, async (req) => {
    const ctx = req.contexto;
    const marcadas = await app.db.transaction(async (tx) => {
      const rows = await tx.update(notificacoes).set({ dataLeitura: sql`now()` }).where(and(minhas(ctx), isNull(notificacoes.dataLeitura))).returning({ uid: notificacoes.uid });
      if (rows.length) await registrarAuditoria(tx, ctx, 'notificacao', ctx.usuarioUid, 'marcar-lidas', null, { quantidade: rows.length });
      return rows.length;
    });
    return reply.ok({ marcadas }, 'Notificações marcadas como lidas.');
  });

  r.patch(`${base}/:uid`, {
    schema: { tags, summary: 'Marca a notificação como lida (dataLeitura) ou não lida (null)', params: uidParams, body: leituraNotificacaoInput, response: ok(notificacao) },
  }, async (req) => {
    const ctx = req.contexto;
    const data = req.body.dataLeitura === null ? null : new Date(req.body.dataLeitura).toISOString();
    const row = await app.db.transaction(async (tx) => {
      const [antes] = await tx.select().from(notificacoes).where(and(minhas(ctx), eq(notificacoes.uid, req.params.uid))).for('update');
      if (!antes) throw AppError.notFound();
      const [depois] = await tx.update(notificacoes).set({ dataLeitura: data }).where(eq(notificacoes.uid, antes.uid)).returning();
      await registrarAuditoria(tx, ctx, 'notificacao', antes.uid, 'leitura', { dataLeitura: antes.dataLeitura }, { dataLeitura: depois.dataLeitura });
      return depois;
    });
    return reply.ok(paraItem(row), data ? 'Notificação marcada como lida.' : 'Notificação marcada como não lida.');
  });

  r.delete(`${base}/:uid`, {
    schema: { tags, summary: 'Exclui a notificação (só a do próprio usuário)', params: uidParams, response: okEmpty },
  }, async (req) => {
    const ctx = req.contexto;
    await app.db.transaction(async (tx) => {
      const [antes] = await tx.delete(notificacoes).where(and(minhas(ctx), eq(notificacoes.uid, req.params.uid))).returning();
      if (!antes) throw AppError.notFound();
      await registrarAuditoria(tx, ctx, 'notificacao', antes.uid, 'excluir', antes, null);
    });
    return reply.deleted();
  });
}

