// The first load of the sign-in page: the JavaScript and CSS the built index.html loads before any
// lazy route (its scripts, module preloads and their static imports), raw, gzip and brotli. Builds the
// web first (apps/web/dist); `npm run bench` keeps the numbers in bench/results.json. Goal of issue 8:
// ≤ 250 KB gzip of JS on the sign-in page.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const raiz = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(raiz, 'apps/web/dist');

/** Files the page loads at once: index.html's scripts/styles/preloads and, recursively, the static imports of each script. */
export function arquivosDaPrimeiraCarga(html: string, ler: (arquivo: string) => string): string[] {
  const vistos = new Set<string>();
  const fila = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  while (fila.length) {
    const a = fila.shift() as string;
    if (vistos.has(a)) continue;
    vistos.add(a);
    if (!a.endsWith('.js')) continue;
    // Static imports only (`import "./x.js"`, `from "./x.js"`); `import("./x.js")` is a lazy route.
    for (const m of ler(a).matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) fila.push(posix.join(posix.dirname(a), m[1]));
  }
  return [...vistos];
}

export async function benchPrimeiraCarga() {
  if (process.env.BENCH_SEM_BUILD !== '1') execSync('npm run build -w @fretio/web', { cwd: raiz, stdio: 'ignore' });
  const ler = (a: string) => readFileSync(join(dist, a), 'utf8');
  const arquivos = arquivosDaPrimeiraCarga(ler('index.html'), ler);
  const medir = (tipo: string) => {
    const bufs = arquivos.filter((a) => a.endsWith(tipo)).map((a) => readFileSync(join(dist, a)));
    const kb = (n: number) => Math.round(n / 102.4) / 10;
    return {
      n: bufs.length,
      bruto: kb(bufs.reduce((s, b) => s + b.length, 0)),
      gzip: kb(bufs.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0)),
      brotli: kb(bufs.reduce((s, b) => s + brotliCompressSync(b).length, 0)),
    };
  };
  const js = medir('.js');
  const css = medir('.css');
  const linhas = [
    { name: 'página de entrada: JS (KB gzip)', opsPerSec: js.gzip, note: `${js.n} arquivos; ${js.bruto} KB sem compressão, ${js.gzip} KB gzip, ${js.brotli} KB brotli (meta: ≤ 250 KB gzip)` },
    { name: 'página de entrada: CSS (KB gzip)', opsPerSec: css.gzip, note: `${css.n} arquivos; ${css.bruto} KB sem compressão, ${css.gzip} KB gzip` },
  ];
  for (const l of linhas) console.log(`primeira carga: ${l.name}: ${l.note}`);
  return linhas;
}
