import { inflateRawSync } from 'node:zlib';
import { ArquivoRecusado, type LimitesArquivo, mb } from './limites.ts';

// Reads a ZIP (XLSX, the fiscal ZIP) without trusting it: the central directory's declared sizes are
// checked before anything is inflated, and each entry is inflated with a hard output cap, so a
// zip bomb that lies about its sizes still stops at the limit instead of filling the heap.

export type EntradaZip = { nome: string; metodo: number; comprimido: number; declarado: number; inicioLocal: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export const ehZip = (dados: Buffer) => dados.length > 4 && dados.readUInt32LE(0) === LOCAL;

/** The central directory: names, methods and declared sizes; refuses what exceeds the limits. */
export function diretorioZip(dados: Buffer, limites: LimitesArquivo): EntradaZip[] {
  let fim = -1;
  for (let i = dados.length - 22; i >= Math.max(0, dados.length - 22 - 0xffff); i--) {
    if (dados.readUInt32LE(i) === EOCD) {
      fim = i;
      break;
    }
  }
  if (fim < 0) throw new ArquivoRecusado('Arquivo ZIP/XLSX inválido ou corrompido');
  const total = dados.readUInt16LE(fim + 10);
  if (total > limites.entradas) throw new ArquivoRecusado(`O arquivo compactado tem mais de ${limites.entradas} partes`);
  let p = dados.readUInt32LE(fim + 16);
  const entradas: EntradaZip[] = [];
  let soma = 0;
  for (let k = 0; k < total; k++) {
    if (p + 46 > dados.length || dados.readUInt32LE(p) !== CENTRAL) throw new ArquivoRecusado('Arquivo ZIP/XLSX inválido ou corrompido');
    const tamNome = dados.readUInt16LE(p + 28);
    const e: EntradaZip = {
      nome: dados.toString('utf8', p + 46, p + 46 + tamNome),
      metodo: dados.readUInt16LE(p + 10),
      comprimido: dados.readUInt32LE(p + 20),
      declarado: dados.readUInt32LE(p + 24),
      inicioLocal: dados.readUInt32LE(p + 42),
    };
    // 0xFFFFFFFF means ZIP64 sizes: no spreadsheet or invoice we accept needs them.
    if (e.declarado > limites.bytesPorEntrada || e.declarado === 0xffffffff)
      throw new ArquivoRecusado(`Arquivo recusado: a parte "${e.nome}" se expande além de ${mb(limites.bytesPorEntrada)}`);
    soma += e.declarado;
    if (soma > limites.bytesTotal) throw new ArquivoRecusado(`Arquivo recusado: o conteúdo se expande além de ${mb(limites.bytesTotal)}`);
    entradas.push(e);
    p += 46 + tamNome + dados.readUInt16LE(p + 30) + dados.readUInt16LE(p + 32);
  }
  return entradas;
}

/** The inflated bytes of one entry, never more than `maximo` (whatever the directory claims). */
export function inflarEntrada(dados: Buffer, e: EntradaZip, maximo: number): Buffer {
  const p = e.inicioLocal;
  if (p + 30 > dados.length || dados.readUInt32LE(p) !== LOCAL) throw new ArquivoRecusado('Arquivo ZIP/XLSX inválido ou corrompido');
  const inicio = p + 30 + dados.readUInt16LE(p + 26) + dados.readUInt16LE(p + 28);
  const bruto = dados.subarray(inicio, inicio + e.comprimido);
  if (e.metodo === 0) {
    if (bruto.length > maximo) throw new ArquivoRecusado(`Arquivo recusado: a parte "${e.nome}" passa de ${mb(maximo)}`);
    return bruto;
  }
  if (e.metodo !== 8) throw new ArquivoRecusado(`Compressão não suportada na parte "${e.nome}"`);
  try {
    return inflateRawSync(bruto, { maxOutputLength: maximo });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new ArquivoRecusado(`Arquivo recusado: a parte "${e.nome}" se expande além de ${mb(maximo)} (arquivo compactado malicioso?)`);
    throw new ArquivoRecusado('Arquivo ZIP/XLSX inválido ou corrompido');
  }
}

/** Inflates every entry (or those `quais` picks) within the per-entry and total limits. */
export function lerZip(dados: Buffer, limites: LimitesArquivo, quais: (nome: string) => boolean = () => true) {
  const out = new Map<string, Buffer>();
  let restante = limites.bytesTotal;
  for (const e of diretorioZip(dados, limites)) {
    if (e.nome.endsWith('/') || !quais(e.nome)) continue;
    const conteudo = inflarEntrada(dados, e, Math.max(1, Math.min(limites.bytesPorEntrada, restante)));
    restante -= conteudo.length;
    out.set(e.nome, conteudo);
  }
  return out;
}
