import ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors.ts';
import type { Upload } from '../arquivos/service.ts';

// Reading and writing the spreadsheets of register imports (pessoas, produtos): CSV (',' or ';',
// UTF-8 or Windows-1252) or XLSX, first row = header with our field names. Shared by both modules.

export type Coluna = {
  campo: string;
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
const chaveCabecalho = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const VERDADEIRO = new Set(['s', 'sim', 'x', 'true', '1', 'verdadeiro', 'v', 'yes']);
const FALSO = new Set(['n', 'nao', 'false', '0', 'falso', 'f', 'no']);

/** CSV text → rows of cells (RFC 4180 quotes; delimiter ';', ',' or tab, guessed from the header). */
export function parseCsv(texto: string): string[][] {
  const t = texto.replace(/^\uFEFF/, '');
  const primeira = t.slice(0, t.search(/\r?\n|$/));
  const conta = (c: string) => primeira.split(c).length - 1;
  const sep = [';', ',', '\t'].sort((a, b) => conta(b) - conta(a))[0];
  const linhas: string[][] = [];
  let campo = '';
  let linha: string[] = [];
  let aspas = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (aspas) {
      if (c === '"' && t[i + 1] === '"') {
        campo += '"';
        i++;
      } else if (c === '"') aspas = false;
      else campo += c;
    } else if (c === '"' && campo === '') aspas = true;
    else if (c === sep) {
      linha.push(campo);
      campo = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && t[i + 1] === '\n') i++;
      linha.push(campo);
      linhas.push(linha);
      linha = [];
      campo = '';
    } else campo += c;
  }
  if (campo !== '' || linha.length) {
    linha.push(campo);
    linhas.push(linha);
  }
  return linhas;
}

function decodificar(dados: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(dados);
  } catch {
    return new TextDecoder('windows-1252').decode(dados);
  }
}

type Celula = string | number | boolean | null;
function celulaXlsx(v: ExcelJS.CellValue): Celula {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return celulaXlsx(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    if ('error' in v) return null;
  }
  return String(v);
}

async function lerXlsx(dados: Buffer): Promise<Celula[][]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(dados as unknown as ArrayBuffer);
  } catch {
    throw AppError.field('file', 'Arquivo XLSX inválido ou corrompido');
  }
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const linhas: Celula[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: Celula[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = celulaXlsx(cell.value);
    });
    linhas[n - 1] = cells;
  });
  return Array.from(linhas, (l) => l ?? []);
}

const vazio = (c: Celula | undefined) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

/** Reads the upload into rows keyed by field name; 400 (field `file`) for a bad file or header. */
export async function lerPlanilha(upload: Upload, colunas: Coluna[]): Promise<LinhaPlanilha[]> {
  const { dados } = upload;
  const zip = dados.length > 4 && dados.readUInt32LE(0) === 0x04034b50;
  const ole = dados.length > 8 && dados.readUInt32LE(0) === 0xe011cfd0;
  if (ole) throw AppError.field('file', 'Formato XLS antigo não suportado: salve como XLSX ou CSV');
  const matriz: Celula[][] = zip ? await lerXlsx(dados) : parseCsv(decodificar(dados));
  const [cabecalho = [], ...resto] = matriz;

  const porChave = new Map<string, Coluna>();
  for (const c of colunas) for (const nome of [c.campo, ...(c.apelidos ?? [])]) porChave.set(chaveCabecalho(nome), c);
  const indices: { i: number; coluna: Coluna }[] = [];
  const desconhecidas: string[] = [];
  cabecalho.forEach((h, i) => {
    if (vazio(h)) return;
    const coluna = porChave.get(chaveCabecalho(String(h)));
    if (coluna) indices.push({ i, coluna });
    else desconhecidas.push(String(h).trim());
  });
  if (!indices.length)
    throw AppError.field('file', 'Cabeçalho não reconhecido: a primeira linha deve ter os nomes dos campos (baixe o modelo)');
  const erros: { field: string; message: string }[] = [];
  if (desconhecidas.length) erros.push({ field: 'file', message: `Colunas desconhecidas: ${desconhecidas.join(', ')}` });
  const faltando = colunas.filter((c) => c.obrigatoria && !indices.some((x) => x.coluna === c)).map((c) => c.campo);
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

/** The import template: a sheet with the header and one example row, and a sheet of instructions. */
export async function modeloXlsx(nome: string, colunas: Coluna[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Fretio';
  const ws = wb.addWorksheet(nome);
  ws.columns = colunas.map((c) => ({
    header: c.campo,
    key: c.campo,
    width: Math.max(12, c.campo.length + 4, String(c.exemplo ?? '').length + 2),
    // Digit columns as text, so Excel keeps leading zeros.
    style: c.digitos || c.tipo === 'texto' || !c.tipo ? { numFmt: '@' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.addRow(Object.fromEntries(colunas.map((c) => [c.campo, c.exemplo ?? null])));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const inst = wb.addWorksheet('instrucoes');
  inst.columns = [
    { header: 'campo', key: 'campo', width: 18 },
    { header: 'obrigatório', key: 'obrigatoria', width: 12 },
    { header: 'descrição', key: 'descricao', width: 90 },
  ];
  inst.getRow(1).font = { bold: true };
  for (const c of colunas) inst.addRow({ campo: c.campo, obrigatoria: c.obrigatoria ? 'sim' : 'não', descricao: c.descricao });
  inst.addRow({});
  inst.addRow({
    campo: 'Notas',
    descricao: 'Também aceita CSV (separador ; ou ,) com o mesmo cabeçalho. Sim/não: S, N, sim, não, true, false, 1, 0.',
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same template as CSV (';', UTF-8 with BOM so Excel opens the accents right). */
export function modeloCsv(colunas: Coluna[]): string {
  const cel = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[;"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `\uFEFF${colunas.map((c) => c.campo).join(';')}\r\n${colunas.map((c) => cel(c.exemplo)).join(';')}\r\n`;
}
