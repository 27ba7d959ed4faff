import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { USUARIO_STATUS, transicaoProibida, z } from '@fretio/core';
import { embarcadorTransportador, papeis, preUsuariosTransportador, transportadores, usuarioEmbarcador, usuarios } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { ok, okList, reply, uidParams, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcadorAtivo } from './parent.ts';

// Carrier users asking to serve the shipper. Approving (2) activates the user, gives it the shipper's
// carrier role and links its carrier; rejecting (4) closes the request. Transitions: statuses of 'usuario'.
const preUsuario = z.object({
  uid: z.string(), usuarioUid: z.string(), nome: z.string(), login: z.string(),
  transportadorUid: z.string(), transportadorNome: z.string(), status: z.number(), criadoEm: z.string(), decididoEm: z.string().nullable(),
});

export default async function preUsuariosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Pré-usuários de transportadores'];
  const select = {
    uid: preUsuariosTransportador.uid, usuarioUid: usuarios.uid, nome: usuarios.nome, login: usuarios.login,
    transportadorUid: transportadores.uid, transportadorNome: transportadores.nome, status: preUsuariosTransportador.status,
    criadoEm: preUsuariosTransportador.criadoEm, decididoEm: preUsuariosTransportador.decididoEm,
  };
  const base = () => app.db.select(select).from(preUsuariosTransportador)
    .innerJoin(usuarios, eq(usuarios.uid, preUsuariosTransportador.usuarioUid))
    .innerJoin(transportadores, eq(transportadores.uid, preUsuariosTransportador.transportadorUid));

  r.get('/api/v1/embarcadores/:uid/pre-usuarios-transportador', {
    config: { permission: ['transportadores', 'ler'] },
    schema: { tags, summary: 'Lista os pré-usuários de transportadores (ftr_status opcional)', params: uidParams, querystring: z.object({ ftr_status: z.coerce.number().int().optional() }).loose(), response: okList(preUsuario) },
  }, async (req) => {
    exigirEmbarcadorAtivo(req.ctx, req.params.uid);
    const where = and(eq(preUsuariosTransportador.embarcadorUid, req.params.uid), req.query.ftr_status ? eq(preUsuariosTransportador.status, req.query.ftr_status) : undefined);
    const data = await base().where(where).orderBy(asc(preUsuariosTransportador.status), asc(usuarios.nome));
    return reply.ok({ data, totalRecords: data.length });
  });

  r.put('/api/v1/embarcadores/:uid/pre-usuarios-transportador/:preUsuarioUid', {
    config: { permission: ['transportadores', 'aprovar'] },
    schema: { tags, summary: 'Aprova (2) ou recusa (4) um pré-usuário', params: z.object({ uid: zUidParam, preUsuarioUid: zUidParam }), body: z.object({ status: z.union([z.literal(2), z.literal(4)], { error: 'Status deve ser 2 (aprovar) ou 4 (recusar)' }) }), response: ok(preUsuario) },
  }, async (req) => {
    const ctx = exigirEmbarcadorAtivo(req.ctx, req.params.uid);
    const embarcadorUid = req.params.uid;
    await app.db.transaction(async (tx) => {
      const [pre] = await tx.select().from(preUsuariosTransportador)
        .where(and(eq(preUsuariosTransportador.uid, req.params.preUsuarioUid), eq(preUsuariosTransportador.embarcadorUid, embarcadorUid))).for('update');
      if (!pre) throw AppError.notFound();
      const proibida = transicaoProibida('usuario', pre.status, req.body.status);
      if (proibida || pre.status === req.body.status) throw AppError.conflict(proibida ?? 'O pré-usuário já está neste status.');
      await tx.update(preUsuariosTransportador).set({ status: req.body.status, decididoEm: sql`now()` as unknown as string, decididoPor: ctx.usuarioUid }).where(eq(preUsuariosTransportador.uid, pre.uid));
      if (req.body.status === USUARIO_STATUS.ATIVO) {
        let [papel] = await tx.select().from(papeis).where(and(eq(papeis.embarcadorUid, embarcadorUid), eq(papeis.tipo, 2))).orderBy(asc(papeis.nome)).limit(1);
        if (!papel) [papel] = await tx.insert(papeis).values({ embarcadorUid, nome: 'Transportador', tipo: 2, permissoes: { transportadores: ['ler'], cotacoesfrete: ['ler'] } }).returning();
        await tx.update(usuarios).set({ statusUsuario: USUARIO_STATUS.ATIVO }).where(and(eq(usuarios.uid, pre.usuarioUid), eq(usuarios.statusUsuario, USUARIO_STATUS.PENDENTE)));
        await tx.insert(usuarioEmbarcador).values({ usuarioUid: pre.usuarioUid, embarcadorUid, papelUid: papel.uid }).onConflictDoUpdate({ target: [usuarioEmbarcador.usuarioUid, usuarioEmbarcador.embarcadorUid], set: { ativo: true } });
        await tx.insert(embarcadorTransportador).values({ embarcadorUid, transportadorUid: pre.transportadorUid }).onConflictDoNothing();
      } else {
        await tx.update(usuarioEmbarcador).set({ ativo: false }).where(and(eq(usuarioEmbarcador.usuarioUid, pre.usuarioUid), eq(usuarioEmbarcador.embarcadorUid, embarcadorUid)));
      }
      await registrarAuditoria(tx, ctx, 'pre-usuarios', pre.uid, req.body.status === 2 ? 'aprovar' : 'recusar', { status: pre.status }, { status: req.body.status });
    });
    const [row] = await base().where(eq(preUsuariosTransportador.uid, req.params.preUsuarioUid));
    return reply.saved(row);
  });
}
