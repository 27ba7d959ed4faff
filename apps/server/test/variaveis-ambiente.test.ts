import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every environment variable the server, core and the scripts read is listed and explained in the
// README's "Configuração" section (issue 7, "Also"), and every variable listed there is still read.
// Pure file reading: no app, no database.

const RAIZ = join(import.meta.dirname, '../../..');
/** What an operator runs: the server, the domain package, the scripts and the benchmarks. */
const FONTES = ['apps/server/src', 'packages/core/src', 'scripts', 'bench', 'apps/server/test/pg.sh'];
/** The benchmarks' sizes and durations are documented together as `BENCH_*` (bench/run.ts prints them). */
const PREFIXOS_DOCUMENTADOS = ['BENCH_'];
/** Set by the shell itself, not by whoever runs the script. */
const DO_SHELL = new Set(['SECONDS', 'PWD', 'HOME', 'PATH', 'RANDOM', 'LINENO', 'BASH_SOURCE', 'IFS', 'OLDPWD', 'UID']);

const PULAR = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'coverage']);
function arquivos(caminho: string, comTestes = false): string[] {
  const abs = join(RAIZ, caminho);
  if (statSync(abs).isFile()) return [abs];
  const out: string[] = [];
  for (const e of readdirSync(abs, { withFileTypes: true })) {
    if (PULAR.has(e.name)) continue;
    const f = join(abs, e.name);
    if (e.isDirectory()) out.push(...arquivos(relative(RAIZ, f), comTestes));
    else if (/\.(ts|tsx|mjs|cjs|js|sh)$/.test(e.name) && (comTestes || !/\.test\.ts$/.test(e.name))) out.push(f);
  }
  return out;
}

const NOME = '[A-Z_][A-Z0-9_]*';
type Leitura = { nome: string; onde: string };

/** Variables a JS/TS file reads: process.env.X, process.env['X'], aliases of process.env and small env(…) wrappers. */
function leiturasJs(texto: string, onde: string, desconhecidas: string[]): Leitura[] {
  const nomes = new Set<string>();
  const add = (re: RegExp) => {
    for (const m of texto.matchAll(re)) nomes.add(m[1]);
  };
  add(new RegExp(`process\\.env\\.(${NOME})`, 'g'));
  add(new RegExp(`process\\.env\\[['"\`](${NOME})['"\`]\\]`, 'g'));
  // `const env = process.env` or a parameter `env: NodeJS.ProcessEnv = process.env`: env.X reads X.
  for (const m of texto.matchAll(/(?:(?:const|let|var)\s+(\w+)\s*=|(\w+)\s*:\s*NodeJS\.ProcessEnv\s*=)\s*process\.env\b(?![.[])/g)) {
    const alias = m[1] ?? m[2];
    add(new RegExp(`\\b${alias}\\.(${NOME})`, 'g'));
    add(new RegExp(`\\b${alias}\\[['"\`](${NOME})['"\`]\\]`, 'g'));
  }
  // `const { A, B } = process.env`
  for (const m of texto.matchAll(/(?:const|let|var)\s*\{([^}]*)\}\s*=\s*process\.env\b/g)) {
    for (const n of m[1].matchAll(new RegExp(`(${NOME})`, 'g'))) nomes.add(n[1]);
  }
  // A wrapper `const env = (nome: string, …) => … process.env[nome] …`: env('X', …) reads X.
  for (const m of texto.matchAll(/process\.env\[(\w+)\]/g)) {
    const linha = texto.slice(texto.lastIndexOf('\n', m.index) + 1, texto.indexOf('\n', m.index));
    const wrapper = linha.match(/(?:const|function)\s+(\w+)\s*=?\s*\(\s*(\w+)/);
    if (!wrapper || wrapper[2] !== m[1]) {
      desconhecidas.push(`${onde}: ${linha.trim()}`);
      continue;
    }
    add(new RegExp(`\\b${wrapper[1]}\\(\\s*['"\`](${NOME})['"\`]`, 'g'));
  }
  return [...nomes].map((nome) => ({ nome, onde }));
}

/** Variables a shell script reads: ${X:-…}/${X-…}, and $X / ${X} of a name the script never assigns. */
function leiturasSh(texto: string, onde: string): Leitura[] {
  const atribuidas = new Set<string>();
  for (const m of texto.matchAll(new RegExp(`(?:^|[\\s;(&|])(?:export\\s+|local\\s+)?(${NOME})=`, 'gm'))) atribuidas.add(m[1]);
  for (const m of texto.matchAll(new RegExp(`\\bfor\\s+(${NOME})\\s+in\\b`, 'g'))) atribuidas.add(m[1]);
  const nomes = new Set<string>();
  for (const m of texto.matchAll(new RegExp(`\\$\\{(${NOME}):?-`, 'g'))) nomes.add(m[1]);
  for (const m of texto.matchAll(new RegExp(`\\$\\{?(${NOME})\\b`, 'g'))) if (!atribuidas.has(m[1])) nomes.add(m[1]);
  return [...nomes].filter((n) => !DO_SHELL.has(n) && !n.startsWith('BASH')).map((nome) => ({ nome, onde }));
}

const desconhecidas: string[] = [];
const leituras = FONTES.flatMap((f) => arquivos(f)).flatMap((f) => {
  const texto = readFileSync(f, 'utf8');
  const onde = relative(RAIZ, f);
  return f.endsWith('.sh') ? leiturasSh(texto, onde) : leiturasJs(texto, onde, desconhecidas);
});

const readme = readFileSync(join(RAIZ, 'README.md'), 'utf8');
const inicio = readme.indexOf('## Configuração');
const secao = readme.slice(inicio, readme.indexOf('\n## ', inicio + 1));

/** The names the section documents: a table row with a non-empty effect, or a `NAME` (explanation) in the text below it. */
function documentadas(): Map<string, string> {
  const out = new Map<string, string>();
  for (const linha of secao.split('\n')) {
    const celulas = linha.split('|').map((c) => c.trim());
    if (linha.startsWith('|') && celulas.length >= 4) {
      const efeito = celulas[2];
      for (const m of celulas[1].matchAll(new RegExp(`\`(${NOME})\``, 'g'))) if (efeito && !/^-+$/.test(efeito)) out.set(m[1], efeito);
    }
  }
  for (const m of secao.matchAll(new RegExp(`\`(${NOME})\`\\s*\\(([^)]{10,})`, 'g'))) out.set(m[1], m[2]);
  return out;
}

describe("README's environment variables", () => {
  it('the scan understands every read of process.env (no dynamic name it cannot follow)', () => {
    expect(desconhecidas).toEqual([]);
    // The scan finds what it must: a direct read, an alias (config.ts), a wrapper (importacao/pool.ts), a script default (pg.sh).
    const nomes = new Set(leituras.map((l) => l.nome));
    for (const n of ['PG_POOL_MAX', 'DATABASE_URL', 'IMPORT_WORKERS', 'PGPORT', 'CNPJ_PROVIDER_URL']) expect(nomes, n).toContain(n);
  });

  it('every variable read by the server, core and the scripts is listed with its effect', () => {
    const doc = documentadas();
    const faltam = leituras
      .filter((l) => !doc.has(l.nome) && !PREFIXOS_DOCUMENTADOS.some((p) => l.nome.startsWith(p) && secao.includes(`\`${p}*\``)))
      .map((l) => `${l.nome} (${l.onde})`);
    expect([...new Set(faltam)], 'acrescente em README.md, seção Configuração, uma linha por variável: efeito e padrão').toEqual([]);
  });

  it('every variable the README lists is still read somewhere', () => {
    const todoCodigo = ['apps', 'packages', 'scripts', 'bench', 'e2e']
      .flatMap((d) => arquivos(d, true))
      .concat(arquivos('vitest.config.ts'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const lidas = new Set(leituras.map((l) => l.nome));
    const sobrando = [...documentadas().keys()].filter((n) => !lidas.has(n) && !todoCodigo.includes(n));
    expect(sobrando, 'variáveis no README que nenhum código lê').toEqual([]);
  });
});
