import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { as } from '../../../test/support/http.ts';
import { CHANGELOG, lerChangelog } from './service.ts';

describe('atualizações do produto', () => {
  it('lê versões, datas, títulos e notas do CHANGELOG', () => {
    expect(lerChangelog('# x\n\n## 1.2.0 — 2026-01-31 — Título\n- primeira\n- segunda\n\n## 1.1.0 — 2025-12-01 — Outro\n- só uma\n')).toEqual([
      { versao: '1.2.0', data: '2026-01-31', titulo: 'Título', notas: ['primeira', 'segunda'] },
      { versao: '1.1.0', data: '2025-12-01', titulo: 'Outro', notas: ['só uma'] },
    ]);
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('qualquer usuário logado lê o CHANGELOG do repositório, da versão mais nova para a mais antiga', async () => {
    const transportador = await as(t.app, 'transportador@rapidosul.com.br');
    const r = await transportador.get('/api/v1/atualizacoes');
    expect(r.status).toBe(200);
    const esperado = lerChangelog(readFileSync(CHANGELOG, 'utf8'));
    expect(esperado.length).toBeGreaterThan(2);
    expect(r.body.data.totalRecords).toBe(esperado.length);
    expect(r.body.data.data[0]).toEqual(esperado[0]);
    expect((await transportador.get('/api/v1/atualizacoes', { ssf: 'titulo' })).status).toBe(400);
  });
});
