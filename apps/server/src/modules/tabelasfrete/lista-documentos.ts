import ExcelJS from 'exceljs';
import { cnpjValido, somenteDigitos } from '@fretio/core';
import { AppError } from '../../lib/errors.ts';
import type { Upload } from '../arquivos/service.ts';

// A list of CNPJs (or CPFs) in a CSV/TXT (one a line; ';', ',' or tab separated: the first filled
// cell counts) or an XLSX (first sheet, first filled cell of each row). A first row without a
// document (a header such as "CNPJ") is skipped.

export type LinhaDocumento = { linha: number; valor: string };
const MAX_LINHAS = 50_000;

function primeiraCelula(cells: unknown[]): string {
  for (const c of cells) {
    if (c === null || c === undefined) continue;
    if (typeof c === 'number') {
      // A numeric cell lost its leading zeros.
      const d = String(Math.trunc(c));
      const cnpj = d.padStart(14, '0');
      return d.length > 11 || cnpjValido(cnpj) ? cnpj : d.padStart(11, '0');
    }
    const s = typeof c === 'object' && c && 'text' in c ? String((c as { text: unknown }).text) : String(c);
    if (s.trim()) return s.trim();
  }
  return '';
}

function linhasCsv(texto: string): string[][] {
  return texto
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l) => l.split(/[;,\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1')));
}

async function linhasXlsx(dados: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(dados as unknown as ArrayBuffer);
  } catch {
    throw AppError.field('file', 'Arquivo XLSX inválido ou corrompido');
  }
  const ws = wb.worksheets[0];
  const out: unknown[][] = [];
  ws?.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: unknown[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      const v = cell.value as unknown;
      cells[col - 1] = v && typeof v === 'object' && 'result' in (v as object) ? (v as { result: unknown }).result : v;
    });
    out[n - 1] = cells;
  });
  return Array.from(out, (l) => l ?? []);
}

export async function lerListaDocumentos(upload: Upload): Promise<LinhaDocumento[]> {
  const d = upload.dados;
  const zip = d.length > 4 && d.readUInt32LE(0) === 0x04034b50;
  if (d.length > 8 && d.readUInt32LE(0) === 0xe011cfd0)
    throw AppError.field('file', 'Formato XLS antigo não suportado: salve como XLSX ou CSV');
  const matriz = zip ? await linhasXlsx(d) : linhasCsv(new TextDecoder('utf-8').decode(d));
  const linhas: LinhaDocumento[] = [];
  matriz.forEach((cells, i) => {
    const valor = primeiraCelula(cells);
    if (!valor) return;
    if (i === 0 && somenteDigitos(valor).length < 11) return; // header
    linhas.push({ linha: i + 1, valor });
  });
  if (!linhas.length) throw AppError.field('file', 'O arquivo não tem CNPJs');
  if (linhas.length > MAX_LINHAS) throw AppError.field('file', `O arquivo tem mais de ${MAX_LINHAS} linhas`);
  return linhas;
}
