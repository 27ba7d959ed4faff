import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@fretio/core';
import { arquivos } from '../../db/schema/index.ts';
import { zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { verificarDonoDoArquivo } from './acesso.ts';

// GET /api/download/{kind}/{uid}: a stored file with its content type, visible only inside its shipper
// and only to who may read the record that owns it (acesso.ts). Kinds that are not shipper-owned
// (profile photos) are visible to any signed-in user.
export default async function arquivosRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/download/:kind/:uid', {
    schema: {
      tags: ['Arquivos'],
      summary: 'Baixa um arquivo (anexos, logotipos, fotos, exportações)',
      // Certificates never leave the server.
      params: z.object({ kind: z.string().regex(/^(?!certificado$)[a-z-]{2,30}$/, 'Parametros inválidos'), uid: zUidParam }),
    },
  }, async (req, reply) => {
    const ctx = req.ctx;
    if (!ctx) throw AppError.unauthenticated();
    const [a] = await app.db
      .select()
      .from(arquivos)
      .where(and(eq(arquivos.uid, req.params.uid), eq(arquivos.tipo, req.params.kind), or(isNull(arquivos.embarcadorUid), eq(arquivos.embarcadorUid, ctx.embarcadorUid ?? '00000000-0000-4000-8000-000000000000'))))
      .limit(1);
    if (!a) throw AppError.notFound();
    // The record that owns the file decides too: e.g. a freight table's attachment needs tabelasfrete:ler.
    await verificarDonoDoArquivo(app.db, ctx, a.tipo, a.uid);
    const inline = a.tipoConteudo.startsWith('image/') || a.tipoConteudo === 'application/pdf';
    reply
      .header('content-type', a.tipoConteudo)
      .header('content-length', a.tamanho)
      .header('cache-control', 'private, max-age=300')
      // Stored files are data, never a page of ours: no scripts, no sniffing.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(a.nome)}`);
    return reply.send(app.storage.get(a.chave));
  });
}
