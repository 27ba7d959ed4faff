import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@fretio/core';
import type { DocumentoLido } from '@fretio/core/fiscal';
import { AppError } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import type { ItemNovo } from '../tarefas/index.ts';
import { ArquivoRecusado, type LimitesArquivo } from './limites.ts';
import { lerDocumentoFiscal } from './pool.ts';
import './log-importacao.ts'; // the end-of-import log entry (registered once per process)
import { type EntradaZip, diretorioZipDoArquivo, ehZip, inicioDosDados } from './zip-seguro.ts';

// The fiscal XML import (NF-e and CT-e share it): the upload (many parts named `file`, each an XML
// or a ZIP of XML) is streamed to storage before the task exists, so a restart resumes from it and no
// upload is ever held whole in memory. The task reads each stored ZIP's central directory (its tail
// only) into one item per entry; each item reads just its entry's compressed bytes from the stored
// ZIP, and the worker pool inflates them (capped at the declared size) and parses them; the item is
// saved in its own transaction (modules' salvarNfe / salvarCte).

export const MAX_DOCUMENTOS = 20_000;
export const MAX_BYTES_UPLOAD = 200 * 1024 * 1024;
/** A ZIP of up to 20,000 documents: entries of up to 50 MB, 1 GB inflated in all. */
export const LIMITES_ZIP_FISCAL: LimitesArquivo = { bytesPorEntrada: 50 * 1024 * 1024, bytesTotal: 1024 * 1024 * 1024, entradas: MAX_DOCUMENTOS, linhas: 0, colunas: 0 };

export type ArquivoEnviado = { chave: string; nome: string; zip: boolean };
export type ParametrosImportacao = { arquivos: ArquivoEnviado[] };
/**
 * Where an item's XML is: a stored XML (`chave`), one entry of a stored ZIP (`zip` + `entrada`), or
 * why the file it came from could not be opened (`erro`).
 */
export type RefDocumento = { chave?: string; erro?: string; zip?: string; entrada?: EntradaZip };

export async function lerTudo(s: Readable): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const p of s) partes.push(p as Buffer);
  return Buffer.concat(partes);
}

const leitorDe = (storage: Storage, chave: string) => (inicio: number, tamanho: number) => storage.lerTrecho(chave, inicio, tamanho);
const ehEntradaDeDocumento = (nome: string) => !(nome.endsWith('/') || nome.startsWith('__MACOSX/') || /(^|\/)\._/.test(nome));

/** Storage keys an import owns: its uploads and (tasks of older versions) the folder of a ZIP's expanded entries. */
export const arquivosDaImportacao = (p: ParametrosImportacao) => p.arquivos.flatMap((a) => (a.zip ? [a.chave, a.chave.replace(/\.zip$/, '')] : [a.chave]));

/** Reads the multipart upload and streams each file to storage; 400 with nothing, 413 over 200 MB, 400 over 20,000 documents. */
export async function receberArquivosFiscais(req: FastifyRequest, storage: Storage, embarcadorUid: string): Promise<ArquivoEnviado[]> {
  if (!req.isMultipart()) throw AppError.field('file', MSG.arquivoNaoFornecido);
  const lote = `importacoes/${embarcadorUid}/${randomUUID()}`;
  const arquivos: ArquivoEnviado[] = [];
  const gravados: string[] = [];
  let bytes = 0;
  let documentos = 0;
  const grande = () => new AppError('PAYLOAD_TOO_LARGE', 'Arquivos grandes demais: o limite é 200 MB por envio.');
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_BYTES_UPLOAD, files: MAX_DOCUMENTOS, parts: MAX_DOCUMENTOS + 50 } })) {
      if (part.type !== 'file') continue;
      const chave = `${lote}/${gravados.length}`;
      gravados.push(chave);
      const tamanho = await storage.putStream(chave, part.file);
      bytes += tamanho;
      if (part.file.truncated || bytes > MAX_BYTES_UPLOAD) throw grande();
      if (!tamanho) {
        await storage.remove(chave);
        continue;
      }
      const inicio = await storage.lerTrecho(chave, 0, 30);
      const zip = ehZip(inicio);
      try {
        documentos += zip ? (await diretorioZipDoArquivo(leitorDe(storage, chave), tamanho, LIMITES_ZIP_FISCAL)).filter((e) => !e.nome.endsWith('/')).length : 1;
      } catch (e) {
        if (e instanceof ArquivoRecusado) throw AppError.field('file', `${part.filename}: ${e.message}`);
        throw e;
      }
      if (documentos > MAX_DOCUMENTOS) throw AppError.field('file', `O envio passa de ${MAX_DOCUMENTOS.toLocaleString('pt-BR')} documentos; divida-o em partes.`);
      arquivos.push({ chave, nome: (part.filename || `arquivo-${arquivos.length + 1}`).slice(0, 200), zip });
    }
  } catch (e) {
    await Promise.all(gravados.map((c) => storage.remove(c)));
    throw e;
  }
  if (!arquivos.length) throw AppError.field('file', MSG.arquivoNaoFornecido);
  return arquivos;
}

/**
 * The task's items: one per XML, one per ZIP entry. Only the ZIP's directory is read here; each entry
 * is inflated when its item runs, so a 20,000-document ZIP never sits in memory.
 */
export async function* itensDaImportacao(storage: Storage, p: ParametrosImportacao): AsyncIterable<ItemNovo> {
  for (const a of p.arquivos) {
    if (!a.zip) {
      yield { nome: a.nome, ref: { chave: a.chave } satisfies RefDocumento };
      continue;
    }
    let entradas: EntradaZip[];
    try {
      entradas = await diretorioZipDoArquivo(leitorDe(storage, a.chave), await storage.tamanho(a.chave), LIMITES_ZIP_FISCAL);
    } catch (e) {
      yield { nome: a.nome, ref: { erro: e instanceof ArquivoRecusado ? e.message : 'Arquivo ZIP inválido ou corrompido' } satisfies RefDocumento };
      continue;
    }
    // Folders and macOS resource forks are not documents.
    for (const e of entradas) if (ehEntradaDeDocumento(e.nome)) yield { nome: `${a.nome} › ${e.nome}`.slice(0, 500), ref: { zip: a.chave, entrada: e } satisfies RefDocumento };
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
export async function lerItemFiscal(storage: Storage, ref: RefDocumento, documento: 'nfe' | 'cte'): Promise<{ doc: DocumentoLido; assinaturaValida: boolean; xml: Buffer; xmlGz?: Buffer }> {
  if (ref.erro) throw AppError.field('file', ref.erro);
  const sumiu = () => AppError.field('file', 'Arquivo da importação não encontrado (removido do armazenamento).');
  if (ref.zip && ref.entrada) {
    const e = ref.entrada;
    const ler = leitorDe(storage, ref.zip);
    let bruto: Buffer;
    try {
      bruto = await ler(await inicioDosDados(ler, e), e.comprimido);
    } catch (err) {
      if (err instanceof ArquivoRecusado) throw AppError.field('file', err.message);
      throw sumiu();
    }
    if (bruto.length < e.comprimido) throw AppError.field('file', 'Arquivo ZIP inválido ou corrompido');
    const r = await comEspera(() => lerDocumentoFiscal(bruto, documento, { nome: e.nome, metodo: e.metodo, declarado: e.declarado }));
    const xml = r.xml ? Buffer.from(r.xml.buffer, r.xml.byteOffset, r.xml.byteLength) : Buffer.alloc(0);
    return { doc: r.doc, assinaturaValida: r.assinaturaValida, xml, xmlGz: gz(r.xmlGz) };
  }
  if (!ref.chave) throw new AppError('INTERNAL', 'Arquivo da importação indisponível.');
  const xml = await lerTudo(storage.get(ref.chave)).catch(() => {
    throw sumiu();
  });
  const r = await comEspera(() => lerDocumentoFiscal(xml, documento));
  return { doc: r.doc, assinaturaValida: r.assinaturaValida, xml, xmlGz: gz(r.xmlGz) };
}

const gz = (b: Uint8Array | undefined) => (b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : undefined);
