import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { embarcador } from '@fretio/core';
import { embarcadores } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { obter } from '../../framework/crud.ts';
import { registerResource } from '../../framework/register.ts';
import { ok, reply, uidParams } from '../../framework/schemas.ts';
import { TIPOS_IMAGEM, lerUpload, removerArquivo, salvarArquivo } from '../arquivos/service.ts';
import certificadoRoutes from './certificado.ts';
import { exigirEmbarcadorAtivo } from './parent.ts';
import preUsuariosRoutes from './pre-usuarios.ts';
import { embarcadoresResource } from './resource.ts';
import { transportadoresVinculoRoutes } from './transportadores.ts';
import { unidadesEmbarcadorResource } from './unidades.resource.ts';
import { usuariosEmbarcadorResource } from './usuarios.resource.ts';
import usuariosEmbarcadorRoutes from './usuarios.routes.ts';

// Shippers: the register (and the user's selection list, resource.ts), logo, and the sub-collections.

export default async function embarcadoresRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, embarcadoresResource);
  registerResource(app, unidadesEmbarcadorResource);
  registerResource(app, usuariosEmbarcadorResource);
  await app.register(usuariosEmbarcadorRoutes);
  await app.register(transportadoresVinculoRoutes);
  await app.register(preUsuariosRoutes);
  await app.register(certificadoRoutes);

  r.post('/api/v1/embarcadores/:uid/logo', {
    config: { permission: ['embarcadores', 'alterar'] },
    schema: { tags: ['Embarcador'], summary: 'Envia o logotipo do embarcador (multipart, campo file)', consumes: ['multipart/form-data'], params: uidParams, response: ok(embarcador) },
  }, async (req) => {
    const ctx = exigirEmbarcadorAtivo(req.ctx, req.params.uid);
    const upload = await lerUpload(req, { tipos: TIPOS_IMAGEM, maxBytes: 2 * 1024 * 1024 });
    await app.db.transaction(async (tx) => {
      const [antes] = await tx.select({ logo: embarcadores.logoArquivoUid }).from(embarcadores).where(eq(embarcadores.uid, req.params.uid)).for('update');
      const uid = await salvarArquivo(app, tx, { tipo: 'logo', embarcadorUid: req.params.uid, criadoPor: ctx.usuarioUid, upload });
      await tx.update(embarcadores).set({ logoArquivoUid: uid, atualizadoEm: sql`now()` as unknown as string }).where(eq(embarcadores.uid, req.params.uid));
      await removerArquivo(app, tx, antes?.logo ?? null);
      await registrarAuditoria(tx, ctx, 'embarcadores', req.params.uid, 'logo', antes, { logoArquivoUid: uid });
    });
    return reply.saved(await obter(app.db, embarcadoresResource, ctx, req.params.uid) as never);
  });
}
