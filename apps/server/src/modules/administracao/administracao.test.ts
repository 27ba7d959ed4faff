import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS, TIPOS_CARROCERIA } from '@fretio/core';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { auditoriaSistema, embarcadores, parametrosEmbarcador } from '../../db/schema/index.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { consultaCnpjProviderDoAmbiente } from '../transportadores/service.ts';
import { consultarCnpjAdmin } from './service.ts';

// administracao/*: enumerations, the CNPJ lookup over our records and the external provider,
// system parameters.
let t: TestApp;
let admin: Api, operador: Api, outro: Api, transp: Api;
let demoUid: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operador, outro, transp] = await Promise.all(
    ['admin@demo.com.br', 'operador@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)),
  );
  demoUid = (await t.db.select().from(embarcadores).where(eq(embarcadores.cnpj, '11222333000181')))[0].uid;
});
afterAll(() => t?.close());

describe('GET /administracao/consulta-enums', () => {
  it('carries every status set (value, label, color, next) from packages/core, the freight table one included', async () => {
    const res = await transp.get('/api/v1/administracao/consulta-enums');
    expect(res.status).toBe(200);
    const { status } = res.body.data;
    expect(Object.keys(status).sort()).toEqual(Object.keys(STATUS).sort());
    expect(status.tabelaFrete.values.map((s: { value: number; label: string }) => [s.value, s.label])).toEqual([[1, 'Ativo'], [2, 'Inativo'], [3, 'Validação']]);
    expect(status.ordemColeta.values[2]).toEqual({ value: 3, label: 'Enviada para Transportadora', color: 'processing', next: [4, 5, 6] });
  });

  it('carries user type, document types, units, vehicle bodies, tax kinds and macro-regions', async () => {
    const d = (await admin.get('/api/v1/administracao/consulta-enums')).body.data;
    expect(d.tipoUsuario).toEqual([
      { value: 1, label: 'Embarcador', color: 'blue' },
      { value: 2, label: 'Transportador', color: 'purple' },
      { value: 9, label: 'Administrador do sistema', color: 'gold' },
    ]);
    expect(d.tiposDocumentoFiscal.map((o: { value: string }) => o.value)).toEqual(expect.arrayContaining(['55', '57', '67']));
    expect(d.tiposDocumentoFiscal).toContainEqual({ value: '67', label: 'CT-e OS (modelo 67)' });
    expect(d.unidades.map((o: { value: string }) => o.value)).toEqual(expect.arrayContaining(['UN', 'KG', 'CX', 'PC', 'M3', 'L']));
    expect(d.tiposCarroceria).toEqual(TIPOS_CARROCERIA);
    expect(d.tiposTributo.map((o: { value: string }) => o.value)).toEqual(['INTERNO', 'TRANSPORTE', 'INTERESTADUAL', 'IMPORTADO', 'PIS_COFINS']);
    expect(d.impostosFrete.map((o: { value: string }) => o.value)).toEqual(['ICMS', 'ISS']);
    expect(d.macrorregioes).toContainEqual({ value: 'NE', label: 'Nordeste', ufs: ['AL', 'BA', 'CE', 'MA', 'PB', 'PE', 'PI', 'RN', 'SE'] });
    expect(d.macrorregioes.map((r: { value: string }) => r.value)).toEqual(['N', 'NE', 'CO', 'SE', 'S']);
    expect(d.ufs).toHaveLength(27);
    expect(d.ufs).toContainEqual({ value: 'BA', label: 'Bahia', regiao: 'NE', cod: 29 });
  });
});

describe('GET /administracao/consulta-cnpj/{cnpj}', () => {
  it('answers what our records visible to the caller know', async () => {
    const res = await admin.get(`/api/v1/administracao/consulta-cnpj/${encodeURIComponent('11.222.333/0001-81')}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ cnpj: '11222333000181', encontrado: true, origem: 'cadastro' });
    expect(res.body.data.cadastros.map((c: { tipo: string; nome: string }) => [c.tipo, c.nome])).toEqual([
      ['embarcador', 'Demo Indústria de Alimentos Ltda'],
      ['unidade', 'Demo Alimentos - Matriz São Paulo'],
    ]);
    expect(res.body.data.dados).toEqual({
      cnpj: '11222333000181', nome: 'Demo Indústria de Alimentos Ltda', nomeFantasia: 'Demo Alimentos', email: 'logistica@demo.com.br', telefone: null,
      cep: '01310100', uf: 'SP', municipioIbge: '3550308',
    });
    // Another shipper learns nothing about Demo or its unit.
    const deOutro = await outro.get('/api/v1/administracao/consulta-cnpj/11222333000181', { e: 0 });
    expect(deOutro.body.data).toEqual({ cnpj: '11222333000181', encontrado: false, cadastros: [], dados: null, origem: null });
  });

  it('a carrier: shippers look it up to link it; a carrier user sees only its own', async () => {
    const res = await outro.get('/api/v1/administracao/consulta-cnpj/60746948000112');
    expect(res.body.data.cadastros.map((c: { tipo: string }) => c.tipo)).toEqual(['transportador']);
    expect(res.body.data.dados).toMatchObject({ nome: 'Rápido Sul Transportes Ltda', uf: 'PR', cep: '80010000' });
    const proprio = await transp.get('/api/v1/administracao/consulta-cnpj/60746948000112');
    expect(proprio.body.data.cadastros.map((c: { tipo: string }) => c.tipo)).toEqual(['transportador', 'unidadeTransportador']);
    const alheio = await transp.get('/api/v1/administracao/consulta-cnpj/17184037000110');
    expect(alheio.body.data.encontrado).toBe(false);
  });

  it("an invalid CNPJ → 400 'CNPJ inválido'", async () => {
    for (const cnpj of ['11222333000180', '11111111111111', '123']) {
      const res = await admin.get(`/api/v1/administracao/consulta-cnpj/${cnpj}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'CNPJ inválido', errorCode: 400, code: 'VALIDATION', errors: [{ field: 'cnpj', message: 'CNPJ inválido' }] });
    }
  });

  it("uses the carriers module's CNPJ_PROVIDER_URL provider when our records know nothing", async () => {
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url !== '/cnpj/45997418000153') {
        res.statusCode = 404;
        return res.end('{}');
      }
      res.end(JSON.stringify({ razao_social: 'EMPRESA EXTERNA LTDA', nome_fantasia: 'Externa', cep: '01001-000', uf: 'SP', codigo_municipio_ibge: 3550308 }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const provider = consultaCnpjProviderDoAmbiente({ CNPJ_PROVIDER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cnpj` });
      const ctx = { usuarioUid: randomUUID(), tipoUsuario: 1, embarcadorUid: demoUid, transportadorUid: null, permissoes: {} } as unknown as RequestContext;
      const r = await consultarCnpjAdmin(t.db, ctx, '45997418000153', true, provider);
      expect(r).toEqual({
        cnpj: '45997418000153', encontrado: true, cadastros: [], origem: 'externo',
        dados: { cnpj: '45997418000153', nome: 'EMPRESA EXTERNA LTDA', nomeFantasia: 'Externa', email: null, telefone: null, cep: '01001000', uf: 'SP', municipioIbge: '3550308' },
      });
      expect((await consultarCnpjAdmin(t.db, ctx, '45997418000153', false, provider)).encontrado).toBe(false);
      expect((await consultarCnpjAdmin(t.db, ctx, '60746948000112', true, provider)).origem).toBe('cadastro');
    } finally {
      server.close();
    }
  });
});

describe('administracao/parametros', () => {
  it('lists every parameter with the shipper value where it changed one', async () => {
    const res = await admin.get('/api/v1/administracao/parametros');
    expect(res.status).toBe(200);
    const p = Object.fromEntries(res.body.data.map((x: { chave: string }) => [x.chave, x]));
    expect(p.cotacaoDiasValidade).toMatchObject({ valor: 10, padrao: 7, personalizado: true, tipo: 'inteiro', min: 1, max: 90 });
    expect(p.cotacaoPrazoRespostaHoras).toMatchObject({ valor: 48, padrao: 48, personalizado: false, atualizadoEm: null });
    const deOutro = Object.fromEntries((await outro.get('/api/v1/administracao/parametros')).body.data.map((x: { chave: string; valor: unknown }) => [x.chave, x.valor]));
    expect(deOutro.cotacaoDiasValidade).toBe(7);
  });

  it('PUT validates each key by its type and bounds: 400 naming the key, nothing written', async () => {
    const res = await admin.put('/api/v1/administracao/parametros', { cotacaoDiasValidade: 91, ordemColetaHoraLimite: '25:00', naoExiste: 1, listaTamanhoPagina: '30', trackingRecalcularPrazo: 'talvez' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'cotacaoDiasValidade', message: 'Deve ser menor ou igual a 90' },
      { field: 'ordemColetaHoraLimite', message: 'Horário inválido (HH:mm)' },
      { field: 'naoExiste', message: 'Parâmetro desconhecido' },
      { field: 'listaTamanhoPagina', message: 'Deve ser um dos [10, 20, 50, 100]' },
      { field: 'trackingRecalcularPrazo', message: 'Deve ser verdadeiro ou falso' },
    ]);
    const salvo = await t.db.select().from(parametrosEmbarcador).where(and(eq(parametrosEmbarcador.embarcadorUid, demoUid), eq(parametrosEmbarcador.chave, 'cotacaoDiasValidade')));
    expect(salvo[0].valor).toBe(10);
  });

  it('PUT saves the keys sent, null goes back to the default; audited; the operator may not', async () => {
    const res = await admin.put('/api/v1/administracao/parametros', { cotacaoDiasValidade: null, fretePesoMinimoKg: '12,5', auditoriaReauditarAoAlterarTabela: true });
    expect(res.status).toBe(200);
    const p = Object.fromEntries(res.body.data.map((x: { chave: string }) => [x.chave, x]));
    expect(p.cotacaoDiasValidade).toMatchObject({ valor: 7, personalizado: false });
    expect(p.fretePesoMinimoKg).toMatchObject({ valor: 12.5, personalizado: true });
    expect(p.auditoriaReauditarAoAlterarTabela).toMatchObject({ valor: true, personalizado: true });
    expect(p.ordemColetaHoraLimite.valor).toBe('15:30');
    const trilha = await t.db.select().from(auditoriaSistema).where(eq(auditoriaSistema.registroUid, 'parametro:fretePesoMinimoKg'));
    expect(trilha).toHaveLength(1);
    expect(trilha[0]).toMatchObject({ embarcadorUid: demoUid, acao: 'alterar', depois: { chave: 'fretePesoMinimoKg', valor: 12.5 } });
    expect((await operador.put('/api/v1/administracao/parametros', { cotacaoDiasValidade: 5 })).status).toBe(403);
    expect((await operador.get('/api/v1/administracao/parametros')).status).toBe(200);
  });
});
