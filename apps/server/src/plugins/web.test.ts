import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import web, { CACHE_IMUTAVEL, CACHE_REVALIDAR } from './web.ts';

// The static web as the build leaves it (a hashed asset with its .br/.gz, index.html with its own),
// in a temp dir: the real apps/web/dist may not be built when server tests run. Only this plugin on
// a bare Fastify, no database.
describe('web estática: compressão e cache', () => {
  let dir: string;
  let app: FastifyInstance;
  const js = Buffer.from(`export const x = ${JSON.stringify('Fretio '.repeat(400))};\n`);
  const html = Buffer.from(`<!doctype html><html lang="pt-BR"><body>${'<p>Carregando…</p>'.repeat(80)}</body></html>`);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fretio-web-'));
    mkdirSync(join(dir, 'assets'));
    for (const [nome, bytes] of [
      ['assets/app-AbC123.js', js],
      ['index.html', html],
    ] as const) {
      writeFileSync(join(dir, nome), bytes);
      writeFileSync(join(dir, `${nome}.br`), brotliCompressSync(bytes));
      writeFileSync(join(dir, `${nome}.gz`), gzipSync(bytes));
    }
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = Fastify();
    app.decorate('config', { webDist: dir } as Config);
    await app.register(web);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('asset com hash: brotli quando aceito, imutável por um ano, vary accept-encoding', async () => {
    const r = await get('/assets/app-AbC123.js', 'gzip, deflate, br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe(CACHE_IMUTAVEL);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.rawPayload.length).toBeLessThan(js.length);
    expect(brotliDecompressSync(r.rawPayload).equals(js)).toBe(true);
  });

  it('gzip quando é o único aceito; sem accept-encoding, o arquivo como está', async () => {
    const g = await get('/assets/app-AbC123.js', 'gzip');
    expect(g.headers['content-encoding']).toBe('gzip');
    expect(g.headers['cache-control']).toBe(CACHE_IMUTAVEL);
    expect(gunzipSync(g.rawPayload).equals(js)).toBe(true);

    const n = await get('/assets/app-AbC123.js');
    expect(n.statusCode).toBe(200);
    expect(n.headers['content-encoding']).toBeUndefined();
    expect(n.headers['cache-control']).toBe(CACHE_IMUTAVEL);
    expect(n.headers.vary).toMatch(/accept-encoding/i);
    expect(n.rawPayload.equals(js)).toBe(true);
  });

  it('index.html e o fallback das rotas do app: comprimidos e sempre revalidados', async () => {
    for (const url of ['/', '/index.html', '/centros-custo?ftr_nome=Vendas']) {
      const r = await get(url, 'br');
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(r.headers['cache-control'], url).toBe(CACHE_REVALIDAR);
      expect(brotliDecompressSync(r.rawPayload).equals(html), url).toBe(true);
    }
    const semCompressao = await get('/centros-custo');
    expect(semCompressao.headers['content-encoding']).toBeUndefined();
    expect(semCompressao.rawPayload.equals(html)).toBe(true);
  });

  it('arquivo fora de assets/ não é imutável; asset de uma versão antiga é 404, não o index.html', async () => {
    const f = await get('/favicon.svg', 'br');
    expect(f.statusCode).toBe(200);
    expect(f.headers['content-encoding']).toBeUndefined();
    expect(f.headers['cache-control']).toBe(CACHE_REVALIDAR);

    expect((await get('/assets/app-Antigo9.js', 'br')).statusCode).toBe(404);
    expect((await get('/api/v1/inexistente')).statusCode).toBe(404);
  });
});
