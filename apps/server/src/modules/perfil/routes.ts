import { decode, encode } from '@auth/core/jwt';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, perfil, perfilInput } from '@fretio/core';
import { usuarios } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { ok, reply, uidParams } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { sessionCookieName } from '../../plugins/auth/authjs.ts';
import { TIPOS_IMAGEM, lerUpload, removerArquivo, salvarArquivo } from '../arquivos/service.ts';
import { identidadeRepository } from './identidade-repository.ts';
import { montarPerfil } from './service.ts';

// The signed-in user's own profile: read, edit, photo, active-shipper switch.
export default async function perfilRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Perfil'];

  r.get('/api/v1/perfil', { schema: { tags, summary: 'Perfil e contexto do usuário', response: ok(perfil) } }, async (req) =>
    reply.ok(await montarPerfil(app, req.contexto)),
  );

  r.put('/api/v1/perfil', { schema: { tags, summary: 'Altera nome e apelido', body: perfilInput, response: ok(perfil) } }, async (req) => {
    const ctx = req.contexto;
    await app.db.transaction(async (tx) => {
      const [antes] = await tx.select({ nome: usuarios.nome, apelido: usuarios.apelido }).from(usuarios).where(eq(usuarios.uid, ctx.usuarioUid));
      await tx.update(usuarios).set({ ...req.body, atualizadoEm: sql`now()` }).where(eq(usuarios.uid, ctx.usuarioUid));
      await registrarAuditoria(tx, ctx, 'perfil', ctx.usuarioUid, 'alterar', antes, req.body);
    });
    return reply.saved(await montarPerfil(app, ctx));
  });

  r.post('/api/v1/perfil/foto', { schema: { tags, summary: 'Envia a foto do perfil (multipart, campo file)', consumes: ['multipart/form-data'], response: ok(perfil) } }, async (req) => {
    const ctx = req.contexto;
    const upload = await lerUpload(req, { tipos: TIPOS_IMAGEM, maxBytes: 2 * 1024 * 1024 });
    await app.db.transaction(async (tx) => {
      const [u] = await tx.select({ foto: usuarios.fotoArquivoUid }).from(usuarios).where(eq(usuarios.uid, ctx.usuarioUid));
      const uid = await salvarArquivo(app, tx, { tipo: 'foto', embarcadorUid: null, criadoPor: ctx.usuarioUid, upload });
      await tx.update(usuarios).set({ fotoArquivoUid: uid }).where(eq(usuarios.uid, ctx.usuarioUid));
      await removerArquivo(app, tx, u?.foto ?? null);
    });
    return reply.saved(await montarPerfil(app, ctx));
  });

  r.delete('/api/v1/perfil/foto', { schema: { tags, summary: 'Remove a foto do perfil', response: ok(perfil) } }, async (req) => {
    const ctx = req.contexto;
    await app.db.transaction(async (tx) => {
      const [u] = await tx.select({ foto: usuarios.fotoArquivoUid }).from(usuarios).where(eq(usuarios.uid, ctx.usuarioUid));
      await tx.update(usuarios).set({ fotoArquivoUid: null }).where(eq(usuarios.uid, ctx.usuarioUid));
      await removerArquivo(app, tx, u?.foto ?? null);
    });
    return reply.ok(await montarPerfil(app, ctx), MSG.excluidoComSucesso);
  });

  // Re-issues the session cookie with another active shipper (the same JWT Auth.js would write).
  r.put('/api/v1/perfil/embarcador-ativo/:uid', {
    schema: { tags, summary: 'Seleciona o embarcador ativo', params: uidParams, response: ok(perfil) },
  }, async (req, res) => {
    const ctx = req.contexto;
    if (ctx.via !== 'sessao') throw AppError.field('uid', 'Um token de API pertence a um único embarcador.');
    const repo = identidadeRepository(app.db);
    if (!(await repo.pertenceAoEmbarcador(ctx.usuarioUid, req.params.uid))) throw AppError.notFound(MSG.embarcadorNaoLocalizado);
    const secure = app.config.publicUrl.startsWith('https://');
    const name = sessionCookieName(secure);
    const bearer = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : undefined;
    const atual = bearer ?? req.cookies[name];
    const token = atual ? await decode({ token: atual, secret: app.config.authSecret, salt: name }) : null;
    if (!token) throw AppError.unauthenticated();
    const maxAge = 12 * 60 * 60;
    const novo = await encode({ token: { ...token, embarcadorAtivo: req.params.uid }, secret: app.config.authSecret, salt: name, maxAge });
    await repo.lembrarEmbarcador(ctx.usuarioUid, req.params.uid);
    res.setCookie(name, novo, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
    return reply.ok(await montarPerfil(app, { ...ctx, ...(await repo.contexto(ctx.usuarioUid, req.params.uid)) }), 'Embarcador selecionado.');
  });
}

