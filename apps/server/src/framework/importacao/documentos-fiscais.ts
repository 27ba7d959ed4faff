import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@fretio/core';
import type { DocumentoLido } from '@fretio/core/fiscal';
import { AppError } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import type { ItemNovo } from '../tarefas/index.ts';
import { ArquivoRecusado, type LimitesArquivo } from './limites.ts';
import { lerDocumentoFiscal, poolLeitura } from './pool.ts';
import { diretorioZip, ehZip } from './zip-seguro.ts';

// The fiscal XML import (NF-e and CT-e share it): the upload (many parts named `file`, each an XML
// or a ZIP of XML) is saved to storage before the task exists, so a restart resumes from it; the task
// expands ZIPs into one item per document (each entry saved on its own), and each item is parsed in
// the worker pool and saved in its own transaction (modules' salvarNfe / salvarCte).

export const MAX_DOCUMENTOS = 20_000;
export const MAX_BYTES_UPLOAD = 200 * 1024 * 1024;
/** A ZIP of up to 20,000 documents: entries of up to 50 MB, 1 GB inflated in all. */
export const LIMITES_ZIP_FISCAL: LimitesArquivo = { bytesPorEntrada: 50 * 1024 * 1024, bytesTotal: 1024 * 1024 * 1024, entradas: MAX_DOCUMENTOS, linhas: 0, colunas: 0 };

export type ArquivoEnviado = { chave: string; nome: string; zip: boolean };
export type ParametrosImportacao = { arquivos: ArquivoEnviado[] };
/** Where an item's XML is (storage key), or why the file it came from could not be opened. */
export type RefDocumento = { chave?: string; erro?: string };

export async function lerTudo(s: Readable): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const p of s) partes.push(p as Buffer);
  return Buffer.concat(partes);
}

/** Reads the multipart upload and stores each file; 400 with nothing, 413 over 200 MB, 400 over 20,000 documents. */
export async function receberArquivosFiscais(req: FastifyRequest, storage: Storage, embarcadorUid: string): Promise<ArquivoEnviado[]> {
  if (!req.isMultipart()) throw AppError.field('file', MSG.arquivoNaoFornecido);
  const lote = `importacoes/${embarcadorUid}/${randomUUID()}`;
  const arquivos: ArquivoEnviado[] = [];
  let bytes = 0;
  let documentos = 0;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_BYTES_UPLOAD, files: MAX_DOCUMENTOS, parts: MAX_DOCUMENTOS + 50 } })) {
      if (part.type !== 'file') continue;
      const dados = await part.toBuffer();
      if (part.file.truncated || (bytes += dados.length) > MAX_BYTES_UPLOAD) throw new AppError('PAYLOAD_TOO_LARGE', 'Arquivos grandes demais: o limite é 200 MB por envio.');
      if (!dados.length) continue;
      const zip = ehZip(dados);
      try {
        documentos += zip ? diretorioZip(dados, LIMITES_ZIP_FISCAL).filter((e) => !e.nome.endsWith('/')).length : 1;
      } catch (e) {
        if (e instanceof ArquivoRecusado) throw AppError.field('file', `${part.filename}: ${e.message}`);
        throw e;
      }
      if (documentos > MAX_DOCUMENTOS) throw AppError.field('file', `O envio passa de ${MAX_DOCUMENTOS.toLocaleString('pt-BR')} documentos; divida-o em partes.`);
      const chave = `${lote}/${arquivos.length}${zip ? '.zip' : '.xml'}`;
      await storage.put(chave, dados);
      arquivos.push({ chave, nome: (part.filename || `arquivo-${arquivos.length + 1}`).slice(0, 200), zip });
    }
  } catch (e) {
    await Promise.all(arquivos.map((a) => storage.remove(a.chave)));
    throw e;
  }
  if (!arquivos.length) throw AppError.field('file', MSG.arquivoNaoFornecido);
  return arquivos;
}

/** The task's items: one per XML; each ZIP entry saved to storage on its own (read once, here). */
export async function* itensDaImportacao(storage: Storage, p: ParametrosImportacao): AsyncIterable<ItemNovo> {
  for (const a of p.arquivos) {
    if (!a.zip) {
      yield { nome: a.nome, ref: { chave: a.chave } satisfies RefDocumento };
      continue;
    }
    let entradas: { nome: string; conteudo: Uint8Array }[];
    try {
      const dados = await lerTudo(storage.get(a.chave));
      entradas = await comEspera(() => poolLeitura().executar<{ nome: string; conteudo: Uint8Array }[]>({ tipo: 'zip', dados, limites: LIMITES_ZIP_FISCAL }));
    } catch (e) {
      yield { nome: a.nome, ref: { erro: e instanceof AppError ? e.message : 'Arquivo ZIP inválido ou corrompido' } satisfies RefDocumento };
      continue;
    }
    let i = 0;
    for (const e of entradas) {
      // Folders and macOS resource forks are not documents.
      if (e.nome.endsWith('/') || e.nome.startsWith('__MACOSX/') || /(^|\/)\._/.test(e.nome)) continue;
      const chave = `${a.chave.replace(/\.zip$/, '')}/${i++}.xml`;
      await storage.put(chave, Buffer.from(e.conteudo.buffer, e.conteudo.byteOffset, e.conteudo.byteLength));
      yield { nome: `${a.nome} › ${e.nome}`.slice(0, 500), ref: { chave } satisfies RefDocumento };
    }
  }
}

/** The parse worker queue may be full (HTTP uploads and other tasks): a task waits its turn instead of failing the item. */
async function comEspera<T>(f: () => Promise<T>): Promise<T> {
  for (let tentativa = 0; ; tentativa++) {
    try {
      return await f();
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== 'RATE_LIMITED' || tentativa >= 120) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Reads and parses one item's XML in the worker pool; AppError (the item's error) when refused. */
export async function lerItemFiscal(storage: Storage, ref: RefDocumento, documento: 'nfe' | 'cte'): Promise<{ doc: DocumentoLido; assinaturaValida: boolean; xml: Buffer }> {
  if (ref.erro) throw AppError.field('file', ref.erro);
  if (!ref.chave) throw new AppError('INTERNAL', 'Arquivo da importação indisponível.');
  const xml = await lerTudo(storage.get(ref.chave)).catch(() => {
    throw AppError.field('file', 'Arquivo da importação não encontrado (removido do armazenamento).');
  });
  const r = await comEspera(() => lerDocumentoFiscal(xml, documento));
  return { ...r, xml };
}
