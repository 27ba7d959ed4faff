import { ArquivoRecusado, type LimitesArquivo } from './limites.ts';

// A worksheet's extent before any library walks it: one cell at XFD1048576 makes a reader allocate a
// million empty rows. We read <dimension ref> and also scan the row and cell references (a file may
// omit or lie in <dimension>).

/** 'XFD' → 16384 */
export function colunaNumero(letras: string): number {
  let n = 0;
  for (const c of letras.toUpperCase()) n = n * 26 + (c.charCodeAt(0) - 64);
  return n;
}

const formatar = (n: number) => n.toLocaleString('pt-BR');

export function verificarDimensao(nomeAba: string, xml: Buffer, limites: LimitesArquivo) {
  const texto = xml.toString('latin1');
  let linhas = 0;
  let colunas = 0;
  const ref = /<(?:\w+:)?dimension\s+ref="([^"]*)"/.exec(texto.slice(0, 8192))?.[1];
  const ultima = ref?.split(':').pop();
  const m = ultima ? /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(ultima) : null;
  if (m) {
    colunas = colunaNumero(m[1]);
    linhas = Number(m[2]);
  }
  for (const r of texto.matchAll(/<(?:\w+:)?row\b[^>]*?\sr="(\d+)"/g)) linhas = Math.max(linhas, Number(r[1]));
  for (const c of texto.matchAll(/<(?:\w+:)?c\b[^>]*?\sr="([A-Za-z]{1,3})\d+"/g)) colunas = Math.max(colunas, colunaNumero(c[1]));
  if (linhas > limites.linhas || colunas > limites.colunas)
    throw new ArquivoRecusado(
      `A aba "${nomeAba}" ocupa ${formatar(linhas)} linhas × ${formatar(colunas)} colunas; o máximo aceito é ` +
        `${formatar(limites.linhas)} linhas × ${formatar(limites.colunas)} colunas`,
    );
}
