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

/** Where the end-of-central-directory record is in `cauda` (the file's last bytes), or -1. */
function acharFim(cauda: Buffer) {
  for (let i = cauda.length - 22; i >= Math.max(0, cauda.length - 22 - 0xffff); i--) if (cauda.readUInt32LE(i) === EOCD) return i;
  return -1;
}

/** Parses `total` directory records starting at `p` of `cd`; refuses what exceeds the limits. */
function entradasDoDiretorio(cd: Buffer, p: number, total: number, limites: LimitesArquivo): EntradaZip[] {
  if (total > limites.entradas) throw new ArquivoRecusado(`O arquivo compactado tem mais de ${limites.entradas} partes`);
  const entradas: EntradaZip[] = [];
  let soma = 0;
  for (let k = 0; k < total; k++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) throw new ArquivoRecusado('Arquivo ZIP/XLSX inválido ou corrompido');
    const tamNome = cd.readUInt16LE(p + 28);
    const e: EntradaZip = {
      nome: cd.toString('utf8', p + 46, p + 46 + tamNome),
      metodo: cd.readUInt16LE(p + 10),
      comprimido: cd.readUInt32LE(p + 20),
      declarado: cd.readUInt32LE(p + 24),
      inicioLocal: cd.readUInt32LE(p + 42),
    };
    // 0xFFFFFFFF means ZIP64 sizes: no spreadsheet or invoice we accept needs them.
    if (e.declarado > limites.bytesPorEntrada || e.declarado === 0xffffffff)
      throw new ArquivoRecusado(`Arquivo recusado: a parte "${e.nome}" se expande além de ${mb(limites.bytesPorEntrada)}`);
    soma += e.declarado;
    if (soma > limites.bytesTotal) throw new ArquivoRecusado(`Arquivo recusado: o conteúdo se expande além de ${mb(limites.bytesTotal)}`);
    entradas.push(e);
    p += 46 + tamNome + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
  }
  return entradas;
}

/** The central directory: names, methods and declared sizes; refuses what exceeds the limits. */
export function diretorioZip(dados: Buffer, limites: LimitesArquivo): EntradaZip[] {
  const fim = acharFim(dados);
  if (fim < 0) throw new ArquivoRecusado('Arquivo ZIP/XLSX inválido ou corrompido');
  return entradasDoDiretorio(dados, dados.readUInt32LE(fim + 16), dados.readUInt16LE(fim + 10), limites);
}

/** Reads `tamanho` bytes at `inicio` of a stored file (random access: the file is never read whole). */
export type LerTrecho = (inicio: number, tamanho: number) => Promise<Buffer>;

/**
 * The central directory of a ZIP kept in a file of `tamanhoArquivo` bytes, reading only its tail and
 * the directory itself (a 20,000-document ZIP costs ~2 MB here, whatever its size); same limits.
 */
export async function diretorioZipDoArquivo(ler: LerTrecho, tamanhoArquivo: number, limites: LimitesArquivo): Promise<EntradaZip[]> {
  const inicioCauda = Math.max(0, tamanhoArquivo - 22 - 0xffff);
  const cauda = await ler(inicioCauda, tamanhoArquivo - inicioCauda);
  const fim = acharFim(cauda);
  if (fim < 0) throw new ArquivoRecusado('Arquivo ZIP/XLSX inválido ou corrompido');
  const total = cauda.readUInt16LE(fim + 10);
  if (total > limites.entradas) throw new ArquivoRecusado(`O arquivo compactado tem mais de ${limites.entradas} partes`);
  const tamanhoCd = cauda.readUInt32LE(fim + 12);
  const inicioCd = cauda.readUInt32LE(fim + 16);
  // A directory record is at most 46 + 3 × 65,535 bytes; anything past that (or past the file) is a lie.
  if (inicioCd + tamanhoCd > tamanhoArquivo || tamanhoCd > total * (46 + 3 * 0xffff)) throw new ArquivoRecusado('Arquivo ZIP/XLSX inválido ou corrompido');
  return entradasDoDiretorio(await ler(inicioCd, tamanhoCd), 0, total, limites);
}

/** Where an entry's compressed bytes start, from its local header (read apart: 30 bytes). */
export async function inicioDosDados(ler: LerTrecho, e: EntradaZip): Promise<number> {
  const h = await ler(e.inicioLocal, 30);
  if (h.length < 30 || h.readUInt32LE(0) !== LOCAL) throw new ArquivoRecusado('Arquivo ZIP inválido ou corrompido');
  return e.inicioLocal + 30 + h.readUInt16LE(26) + h.readUInt16LE(28);
}

/**
 * One entry's compressed bytes → its content, inflated with a hard cap: never past its declared size
 * (which the directory check kept within the per-entry limit), so the whole ZIP never inflates past
 * the sum the directory declared (checked against the total limit), even when it lies.
 */
export function inflarBruto(bruto: Buffer, e: Pick<EntradaZip, 'nome' | 'metodo' | 'declarado'>): Buffer {
  const alem = () => new ArquivoRecusado(`Arquivo recusado: a parte "${e.nome}" se expande além do tamanho declarado (arquivo compactado malicioso?)`);
  if (e.metodo === 0) {
    if (bruto.length > e.declarado) throw alem();
    return bruto;
  }
  if (e.metodo !== 8) throw new ArquivoRecusado(`Compressão não suportada na parte "${e.nome}"`);
  let saida: Buffer;
  try {
    saida = inflateRawSync(bruto, { maxOutputLength: e.declarado + 1 });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw alem();
    throw new ArquivoRecusado(`A parte "${e.nome}" do ZIP está corrompida`);
  }
  if (saida.length > e.declarado) throw alem();
  return saida;
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
