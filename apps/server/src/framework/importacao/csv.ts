import { ArquivoRecusado } from './limites.ts';

// CSV text → rows of cells. Two dialects: `padrao` (RFC 4180 quotes; delimiter ';', ',' or tab guessed
// from the header; UTF-8 or Windows-1252) for registers, `lista` (one value a line, any of ;,tab
// separating, UTF-8) for lists of documents.

/** RFC 4180 parsing; stops with ArquivoRecusado past `maxLinhas` rows (a file of empty lines). */
export function parseCsv(texto: string, maxLinhas = Number.POSITIVE_INFINITY): string[][] {
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
      if (linhas.length > maxLinhas) throw new ArquivoRecusado(`O arquivo tem mais de ${maxLinhas} linhas`);
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

export function decodificar(dados: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(dados);
  } catch {
    return new TextDecoder('windows-1252').decode(dados);
  }
}

export function parseLista(texto: string, maxLinhas = Number.POSITIVE_INFINITY): string[][] {
  const linhas = texto.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (linhas.length > maxLinhas) throw new ArquivoRecusado(`O arquivo tem mais de ${maxLinhas} linhas`);
  return linhas.map((l) => l.split(/[;,\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1')));
}
