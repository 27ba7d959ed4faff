import { cnpjValido, somenteDigitos } from '@fretio/core';
import { recusarXlsAntigo } from '../../framework/importacao/planilha.ts';
import { lerAbas } from '../../framework/importacao/pool.ts';
import { AppError } from '../../lib/errors.ts';
import type { Upload } from '../arquivos/service.ts';

// A list of CNPJs (or CPFs) in a CSV/TXT (one a line; ';', ',' or tab separated: the first filled
// cell counts) or an XLSX (first sheet, first filled cell of each row), parsed in the import
// worker pool. A first row without a document (a header such as "CNPJ") is skipped.

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

export async function lerListaDocumentos(upload: Upload): Promise<LinhaDocumento[]> {
  recusarXlsAntigo(upload.dados);
  const [primeira] = await lerAbas(upload.dados, 'lista');
  const matriz: unknown[][] = primeira?.linhas ?? [];
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
