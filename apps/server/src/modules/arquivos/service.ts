import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@fretio/core';
import { arquivos } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';

// Stored files: metadata in the `arquivos` table, bytes behind app.storage. Reused by logos, photos,
// certificates and (later) attachments.
// No SVG: it can carry script and would be served from our own origin.
export const TIPOS_IMAGEM = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export type Upload = { nome: string; tipoConteudo: string; dados: Buffer; campos: Record<string, string> };

/** Reads one multipart file (field `file`) and the text fields; 400 when missing, 413 when too large. */
export async function lerUpload(req: FastifyRequest, opts: { tipos?: string[]; maxBytes?: number } = {}): Promise<Upload> {
  if (!req.isMultipart()) throw AppError.field('file', MSG.arquivoNaoFornecido);
  let arquivo: Omit<Upload, 'campos'> | null = null;
  const campos: Record<string, string> = {};
  for await (const part of req.parts({ limits: { fileSize: opts.maxBytes ?? req.server.config.uploadMaxBytes } })) {
    if (part.type === 'file') {
      const dados = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
      arquivo = { nome: part.filename, tipoConteudo: part.mimetype, dados };
    } else {
      campos[part.fieldname] = String(part.value ?? '');
    }
  }
  if (!arquivo || arquivo.dados.length === 0) throw AppError.field('file', MSG.arquivoNaoFornecido);
  if (opts.tipos && !opts.tipos.includes(arquivo.tipoConteudo)) {
    throw AppError.field('file', `Tipo de arquivo não permitido (${arquivo.tipoConteudo}).`);
  }
  return { ...arquivo, campos };
}

export async function salvarArquivo(
  app: FastifyInstance,
  tx: DbOrTx,
  a: { tipo: string; embarcadorUid: string | null; criadoPor: string | null; upload: Omit<Upload, 'campos'> },
) {
  const uid = randomUUID();
  const chave = `${a.tipo}/${uid}`;
  await app.storage.put(chave, a.upload.dados);
  await tx.insert(arquivos).values({
    uid, chave, tipo: a.tipo, embarcadorUid: a.embarcadorUid, criadoPor: a.criadoPor,
    nome: a.upload.nome.slice(0, 255), tipoConteudo: a.upload.tipoConteudo, tamanho: a.upload.dados.length,
  });
  return uid;
}

export async function removerArquivo(app: FastifyInstance, tx: DbOrTx, uid: string | null) {
  if (!uid) return;
  const [a] = await tx.delete(arquivos).where(eq(arquivos.uid, uid)).returning();
  if (a) await app.storage.remove(a.chave);
}

export const urlDownload = (tipo: string, uid: string | null | undefined) => (uid ? `/api/download/${tipo}/${uid}` : null);
