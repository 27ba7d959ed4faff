import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The product's update history is the repository's CHANGELOG.md, read once: one source for people
// reading the repository and for the screen.

export const CHANGELOG = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../CHANGELOG.md');

export type Atualizacao = { versao: string; data: string; titulo: string; notas: string[] };

export function lerChangelog(texto: string): Atualizacao[] {
  const out: Atualizacao[] = [];
  for (const linha of texto.split(/\r?\n/)) {
    const cab = /^##\s+(\S+)\s+—\s+(\d{4}-\d{2}-\d{2})\s+—\s+(.+)$/.exec(linha);
    if (cab) out.push({ versao: cab[1], data: cab[2], titulo: cab[3].trim(), notas: [] });
    else if (/^-\s+/.test(linha) && out.length) out[out.length - 1].notas.push(linha.replace(/^-\s+/, '').trim());
  }
  return out;
}

let cache: Atualizacao[] | undefined;
export const atualizacoes = () => (cache ??= lerChangelog(readFileSync(CHANGELOG, 'utf8')));
