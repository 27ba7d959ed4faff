import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALIQUOTAS_ICMS_INTERNAS } from '@fretio/core';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { auditoriaSistema, configuracoes, embarcadores, tributosGerais } from '../../db/schema/index.ts';

// The shipper's settings (created with defaults on first GET), banks, general tax settings.
let t: TestApp;
let admin: Api, operador: Api, outro: Api, transp: Api;
let outroUid: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operador, outro, transp] = await Promise.all(
    ['admin@demo.com.br', 'operador@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)),
  );
  outroUid = (await t.db.select().from(embarcadores).where(eq(embarcadores.cnpj, '45723174000110')))[0].uid;
});
afterAll(() => t?.close());

describe('GET/PUT /configuracoes', () => {
  it('answers the active shipper settings (demo values)', async () => {
    const res = await admin.get('/api/v1/configuracoes');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      fatorCubagemPadrao: 300, diasToleranciaEntrega: 1, aliquotaIssPadrao: 5, emailNotificacoes: 'logistica@demo.com.br',
      toleranciaAuditoriaPercentual: 1.5, toleranciaAuditoriaValor: 5, moeda: 'BRL', fusoHorario: 'America/Sao_Paulo',
    });
  });

  it('a shipper without settings gets the defaults on its first GET (one row, audited)', async () => {
    await t.db.delete(configuracoes).where(eq(configuracoes.embarcadorUid, outroUid));
    const res = await outro.get('/api/v1/configuracoes');
    expect(res.body.data).toMatchObject({
      embarcadorUid: outroUid, fatorCubagemPadrao: 300, diasToleranciaEntrega: 0, aliquotaIssPadrao: 5, emailNotificacoes: null,
      toleranciaAuditoriaPercentual: 1, toleranciaAuditoriaValor: 1, moeda: 'BRL', fusoHorario: 'America/Sao_Paulo',
    });
    await outro.get('/api/v1/configuracoes');
    expect(await t.db.select().from(configuracoes).where(eq(configuracoes.embarcadorUid, outroUid))).toHaveLength(1);
    const trilha = await t.db.select().from(auditoriaSistema).where(eq(auditoriaSistema.registroUid, res.body.data.uid));
    expect(trilha.map((a) => a.acao)).toEqual(['criar']);
  });

  it('PUT changes only the fields sent, money with 2 decimals, e-mails normalised', async () => {
    const res = await admin.put('/api/v1/configuracoes', {
      fatorCubagemPadrao: 250, toleranciaAuditoriaValor: '12,345', emailNotificacoes: 'A@Demo.com.br; frete@demo.com.br',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['toleranciaAuditoriaValor']);
    const ok = await admin.put('/api/v1/configuracoes', { fatorCubagemPadrao: 250, toleranciaAuditoriaValor: '12,34', emailNotificacoes: 'A@Demo.com.br, frete@demo.com.br' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Registro salvo com sucesso.');
    expect(ok.body.data).toMatchObject({ fatorCubagemPadrao: 250, toleranciaAuditoriaValor: 12.34, emailNotificacoes: 'a@demo.com.br; frete@demo.com.br', diasToleranciaEntrega: 1 });
    const [trilha] = await t.db.select().from(auditoriaSistema).where(eq(auditoriaSistema.acao, 'alterar')).orderBy(auditoriaSistema.em);
    expect(trilha).toMatchObject({ recurso: 'configuracoes', antes: expect.objectContaining({ fatorCubagemPadrao: 300 }), depois: expect.objectContaining({ fatorCubagemPadrao: 250 }) });
  });

  it('PUT rejects out-of-range values with pt-BR messages per field; the operator may only read', async () => {
    const res = await admin.put('/api/v1/configuracoes', {
      fatorCubagemPadrao: 0, diasToleranciaEntrega: 1.5, aliquotaIssPadrao: 6, emailNotificacoes: 'nao-e-email', moeda: 'ARS', fusoHorario: 'Europe/Lisbon',
    });
    expect(res.status).toBe(400);
    const campos = Object.fromEntries(res.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(campos).toMatchObject({
      fatorCubagemPadrao: 'Deve ser maior ou igual a 1',
      diasToleranciaEntrega: 'Deve ser um número inteiro',
      aliquotaIssPadrao: 'A alíquota do ISS deve estar entre 2% e 5%',
      emailNotificacoes: 'E-mail inválido: nao-e-email',
    });
    expect(Object.keys(campos)).toEqual(expect.arrayContaining(['moeda', 'fusoHorario']));
    expect((await operador.get('/api/v1/configuracoes')).status).toBe(200);
    expect((await operador.put('/api/v1/configuracoes', { fatorCubagemPadrao: 200 })).status).toBe(403);
    expect((await admin.get('/api/v1/configuracoes')).body.data.fatorCubagemPadrao).toBe(250);
  });
});

describe('GET /configuracoes/banco/list', () => {
  it('lists the banks (code, ispb, name) by code; q searches name without accents, code or ISPB', async () => {
    const res = await transp.get('/api/v1/configuracoes/banco/list');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(300);
    expect(res.body.data[0]).toEqual({ code: '001', ispb: '00000000', name: 'Banco do Brasil S.A.', value: '001', label: '001 - Banco do Brasil S.A.' });
    const itau = await admin.get('/api/v1/configuracoes/banco/list', { q: 'itau unibanco' });
    expect(itau.body.data.map((b: { code: string }) => b.code)).toContain('341');
    expect((await admin.get('/api/v1/configuracoes/banco/list', { q: '237' })).body.data.map((b: { code: string }) => b.code)).toContain('237');
    expect((await admin.get('/api/v1/configuracoes/banco/list', { q: 'banco que não existe' })).body.data).toEqual([]);
  });
});

describe('configuracoes/tributo-geral', () => {
  it('default=true: the system rule set (2025 internal ICMS rates, interstate rule, PIS/COFINS, ISS bounds)', async () => {
    const res = await admin.get('/api/v1/configuracoes/tributo-geral', { default: 'true' });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ padrao: true, regimePisCofins: 'NAO_CUMULATIVO', aliquotaPis: 1.65, aliquotaCofins: 7.6, aliquotaIcmsImportado: 4, aliquotaIssMinima: 2, aliquotaIssMaxima: 5 });
    expect(d.icmsInterno).toHaveLength(27);
    expect(d.icmsInterno).toContainEqual({ uf: 'SP', aliquota: 18, fonte: 'padrao' });
    expect(d.icmsInterno).toContainEqual({ uf: 'PR', aliquota: 19.5, fonte: 'padrao' });
    expect(Object.fromEntries(d.icmsInterno.map((i: { uf: string; aliquota: number }) => [i.uf, i.aliquota]))).toEqual(ALIQUOTAS_ICMS_INTERNAS);
  });

  it("default=false: the shipper's own settings with the rates in force today", async () => {
    const res = await admin.get('/api/v1/configuracoes/tributo-geral');
    const d = res.body.data;
    expect(d).toMatchObject({ padrao: false, regimeTributario: 'LUCRO_REAL', icmsIncluso: false, aliquotaPis: 1.65, aliquotaCofins: 7.6 });
    expect(d.icmsInterno).toContainEqual({ uf: 'RJ', aliquota: 22, fonte: 'embarcador' });
    expect(d.icmsInterno).toContainEqual({ uf: 'MG', aliquota: 18, fonte: 'padrao' });
    const deOutro = (await outro.get('/api/v1/configuracoes/tributo-geral', { default: 'false' })).body.data;
    expect(deOutro).toMatchObject({ regimeTributario: 'LUCRO_PRESUMIDO', regimePisCofins: 'CUMULATIVO', aliquotaPis: 0.65, aliquotaCofins: 3 });
  });

  it('PUT ?default=false updates the shipper settings; default=true may not be changed', async () => {
    const res = await outro.put('/api/v1/configuracoes/tributo-geral?default=false', { regimePisCofins: 'NAO_CUMULATIVO', icmsIncluso: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ padrao: false, regimeTributario: 'LUCRO_PRESUMIDO', regimePisCofins: 'NAO_CUMULATIVO', icmsIncluso: true, aliquotaPis: 1.65 });
    const [row] = await t.db.select().from(tributosGerais).where(eq(tributosGerais.embarcadorUid, outroUid));
    expect(row.icmsIncluso).toBe(true);
    const padrao = await outro.put('/api/v1/configuracoes/tributo-geral?default=true', { icmsIncluso: false });
    expect(padrao.status).toBe(400);
    expect(padrao.body.errors[0]).toEqual({ field: 'default', message: 'Somente default=false: o padrão do sistema não pode ser alterado' });
    expect((await outro.put('/api/v1/configuracoes/tributo-geral', { regimeTributario: 'MEI' })).status).toBe(400);
    expect((await operador.put('/api/v1/configuracoes/tributo-geral', { icmsIncluso: true })).status).toBe(403);
    expect((await admin.get('/api/v1/configuracoes/tributo-geral')).body.data.icmsIncluso).toBe(false);
  });
});
