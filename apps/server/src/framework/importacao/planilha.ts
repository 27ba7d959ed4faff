import { ROTULOS_CAMPOS } from '@fretio/core';
import { AppError } from '../../lib/errors.ts';
import type { Celula } from './leitor.ts';
import { lerAbas } from './pool.ts';

// The spreadsheets of register imports (pessoas, produtos): CSV (',' or ';', UTF-8 or Windows-1252)
// or XLSX, first row = header with the screen's labels (the field codes and aliases still accepted). The file is parsed in a worker (pool.ts); here
// the header is matched to the columns and each row becomes {campo: valor}.

export type Coluna = {
  campo: string;
  /** The header of the template: the screen's label (default: ROTULOS_CAMPOS of core, else the code). The
   * code, the label and the aliases are all accepted on import. */
  rotulo?: string;
  /** Other header spellings accepted (compared without accents, case, spaces, '_' or '-'). */
  apelidos?: string[];
  obrigatoria?: boolean;
  tipo?: 'texto' | 'numero' | 'bool';
  /** Digits-only column: a numeric XLSX cell is left-padded with zeros (lost leading zeros). */
  digitos?: (n: string) => string;
  exemplo: string | number | boolean | null;
  descricao: string;
};

export type Valor = string | number | boolean | undefined;
export type LinhaPlanilha = { linha: number; valores: Record<string, Valor> };

const MAX_LINHAS = 50_000;

/** The header a user reads: the screen's label of the column. */
export const rotuloDaColuna = (c: Coluna) => c.rotulo ?? ROTULOS_CAMPOS[c.campo] ?? c.campo;

const chaveCabecalho = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The binary XLS of Excel 97 (OLE container): not read, the user saves as XLSX or CSV. */
export function recusarXlsAntigo(dados: Buffer) {
  if (dados.length > 8 && dados.readUInt32LE(0) === 0xe011cfd0)
    throw AppError.field('file', 'Formato XLS antigo não suportado: salve como XLSX ou CSV');
}

const VERDADEIRO = new Set(['s', 'sim', 'x', 'true', '1', 'verdadeiro', 'v', 'yes']);
const FALSO = new Set(['n', 'nao', 'false', '0', 'falso', 'f', 'no']);

const vazio = (c: Celula | undefined) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

/** Reads the upload into rows keyed by field name; 400 (field `file`) for a bad file or header. */
export async function lerPlanilha(upload: { dados: Buffer }, colunas: Coluna[]): Promise<LinhaPlanilha[]> {
  const { dados } = upload;
  recusarXlsAntigo(dados);
  const [primeira] = await lerAbas(dados);
  const matriz: Celula[][] = primeira?.linhas ?? [];
  const [cabecalho = [], ...resto] = matriz;

  const porChave = new Map<string, Coluna>();
  for (const c of colunas) for (const nome of [rotuloDaColuna(c), c.campo, ...(c.apelidos ?? [])]) porChave.set(chaveCabecalho(nome), c);
  const indices: { i: number; coluna: Coluna }[] = [];
  const desconhecidas: string[] = [];
  cabecalho.forEach((h, i) => {
    if (vazio(h)) return;
    const coluna = porChave.get(chaveCabecalho(String(h)));
    if (coluna) indices.push({ i, coluna });
    else desconhecidas.push(String(h).trim());
  });
  if (!indices.length)
    throw AppError.field('file', 'Cabeçalho não reconhecido: a primeira linha deve ter os nomes das colunas (baixe o modelo)');
  const erros: { field: string; message: string }[] = [];
  if (desconhecidas.length) erros.push({ field: 'file', message: `Colunas desconhecidas: ${desconhecidas.join(', ')}` });
  const faltando = colunas.filter((c) => c.obrigatoria && !indices.some((x) => x.coluna === c)).map(rotuloDaColuna);
  if (faltando.length) erros.push({ field: 'file', message: `Colunas obrigatórias ausentes: ${faltando.join(', ')}` });
  if (erros.length) throw AppError.validation(erros, erros[0].message);

  const linhas: LinhaPlanilha[] = [];
  resto.forEach((cells, k) => {
    if (!cells || cells.every(vazio)) return;
    const valores: Record<string, Valor> = {};
    for (const { i, coluna } of indices) valores[coluna.campo] = converter(cells[i], coluna);
    linhas.push({ linha: k + 2, valores });
  });
  if (!linhas.length) throw AppError.field('file', 'O arquivo não tem linhas de dados');
  if (linhas.length > MAX_LINHAS) throw AppError.field('file', `O arquivo tem mais de ${MAX_LINHAS} linhas`);
  return linhas;
}

function converter(c: Celula | undefined, coluna: Coluna): Valor {
  if (vazio(c)) return undefined;
  if (coluna.tipo === 'bool') {
    if (typeof c === 'boolean') return c;
    const k = chaveCabecalho(String(c));
    return VERDADEIRO.has(k) ? true : FALSO.has(k) ? false : String(c);
  }
  if (typeof c === 'number') {
    if (coluna.digitos) return coluna.digitos(String(Math.trunc(c)));
    // toPrecision(15) drops binary float noise (0.30000000000000004 → 0.3).
    return coluna.tipo === 'numero' ? Number(c.toPrecision(15)) : String(c);
  }
  if (coluna.tipo === 'numero') return String(c).trim();
  return typeof c === 'string' ? c.trim() : String(c);
}

