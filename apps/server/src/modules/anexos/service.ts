import { extname } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Anexo } from '@fretio/core';
import { anexos, arquivos, usuarios } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { removerArquivo, type Upload } from '../arquivos/service.ts';

// Attachments of any record: the bytes in `arquivos` (kind 'anexo'), the link in `anexos`
// (entidade + entidade_uid). The anexo's uid is the arquivo's uid, so GET /api/download/anexo/{uid}
// (modules/arquivos) serves it inside the shipper.

export const TIPO_ARQUIVO_ANEXO = 'anexo';
export const ANEXO_MAX_BYTES = 10 * 1024 * 1024;

/** Allowed extensions → canonical content type and the content types browsers send for them. */
const PERMITIDOS: Record<string, { tipo: string; aceitos: string[]; assinatura?: (b: Buffer) => boolean }> = {
  pdf: {
    tipo: 'application/pdf',
    aceitos: ['application/pdf', 'application/x-pdf'],
    assinatura: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  },
  png: { tipo: 'image/png', aceitos: ['image/png'], assinatura: (b) => b.readUInt32BE(0) === 0x89504e47 },
  jpg: { tipo: 'image/jpeg', aceitos: ['image/jpeg', 'image/pjpeg'], assinatura: (b) => b[0] === 0xff && b[1] === 0xd8 },
  jpeg: { tipo: 'image/jpeg', aceitos: ['image/jpeg', 'image/pjpeg'], assinatura: (b) => b[0] === 0xff && b[1] === 0xd8 },
  gif: { tipo: 'image/gif', aceitos: ['image/gif'], assinatura: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  webp: { tipo: 'image/webp', aceitos: ['image/webp'], assinatura: (b) => b.subarray(8, 12).toString('latin1') === 'WEBP' },
  bmp: { tipo: 'image/bmp', aceitos: ['image/bmp', 'image/x-ms-bmp'], assinatura: (b) => b.subarray(0, 2).toString('latin1') === 'BM' },
  tif: { tipo: 'image/tiff', aceitos: ['image/tiff'] },
  tiff: { tipo: 'image/tiff', aceitos: ['image/tiff'] },
  xlsx: {
    tipo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    aceitos: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
    assinatura: zip,
  },
  xls: { tipo: 'application/vnd.ms-excel', aceitos: ['application/vnd.ms-excel', 'application/msexcel', 'application/x-msexcel'] },
  csv: {
    tipo: 'text/csv',
    aceitos: ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'text/comma-separated-values'],
  },
  docx: {
    tipo: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    aceitos: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
    assinatura: zip,
  },
  txt: { tipo: 'text/plain', aceitos: ['text/plain'] },
  xml: { tipo: 'application/xml', aceitos: ['application/xml', 'text/xml'] },
  zip: {
    tipo: 'application/zip',
    aceitos: ['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip'],
    assinatura: zip,
  },
};
function zip(b: Buffer) {
  return b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;
}
const GENERICOS = new Set(['application/octet-stream', 'binary/octet-stream', '']);
export const EXTENSOES_PERMITIDAS = Object.keys(PERMITIDOS);

/** The stored content type of an upload, or 400 naming the allowed types. */
export function tipoDoAnexo(upload: Pick<Upload, 'nome' | 'tipoConteudo' | 'dados'>): string {
  const ext = extname(upload.nome).slice(1).toLowerCase();
  const p = PERMITIDOS[ext];
  const recusa = `Tipo de arquivo não permitido. Aceitos: ${EXTENSOES_PERMITIDAS.filter((e) => !['jpeg', 'tiff'].includes(e)).join(', ')}.`;
  if (!p) throw AppError.field('file', recusa);
  const declarado = upload.tipoConteudo.split(';')[0].trim().toLowerCase();
  if (!GENERICOS.has(declarado) && !p.aceitos.includes(declarado)) throw AppError.field('file', recusa);
  if (p.assinatura && (upload.dados.length < 12 || !p.assinatura(upload.dados))) {
    throw AppError.field('file', `O conteúdo do arquivo não corresponde à extensão .${ext}.`);
  }
  return p.tipo;
}

const colunas = {
  uid: anexos.uid,
  entidade: anexos.entidade,
  entidadeUid: anexos.entidadeUid,
  nome: anexos.nome,
  descricao: anexos.descricao,
  tipoConteudo: arquivos.tipoConteudo,
  tamanho: arquivos.tamanho,
  criadoEm: anexos.criadoEm,
  criadoPor: anexos.criadoPor,
  criadoPorNome: usuarios.nome,
};

type Chave = { embarcadorUid: string; entidade: string; entidadeUid: string };

function item(r: Omit<Anexo, 'url'>): Anexo {
  return { ...r, tamanho: Number(r.tamanho), url: `/api/download/${TIPO_ARQUIVO_ANEXO}/${r.uid}` };
}

export async function listarAnexos(db: DbOrTx, k: Chave, uid?: string): Promise<Anexo[]> {
  const rows = await db
    .select(colunas)
    .from(anexos)
    .innerJoin(arquivos, eq(arquivos.uid, anexos.arquivoUid))
    .leftJoin(usuarios, eq(usuarios.uid, anexos.criadoPor))
    .where(
      and(
        eq(anexos.embarcadorUid, k.embarcadorUid),
        eq(anexos.entidade, k.entidade),
        eq(anexos.entidadeUid, k.entidadeUid),
        uid ? eq(anexos.uid, uid) : undefined,
      ),
    )
    .orderBy(desc(anexos.criadoEm), anexos.uid);
  return rows.map(item);
}

/** Removes every attachment of a record (its files too): call it when the record is deleted. */
export async function removerAnexosDe(app: FastifyInstance, tx: DbOrTx, k: Chave) {
  const rows = await tx
    .select({ uid: anexos.uid, arquivoUid: anexos.arquivoUid })
    .from(anexos)
    .where(and(eq(anexos.embarcadorUid, k.embarcadorUid), eq(anexos.entidade, k.entidade), eq(anexos.entidadeUid, k.entidadeUid)));
  for (const r of rows) {
    await tx.delete(anexos).where(eq(anexos.uid, r.uid));
    await removerArquivo(app, tx, r.arquivoUid);
  }
  return rows.length;
}
