import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';

// Per-table cubage exemption lists (issue 9): a table names products and recipients exempt from cubage in it,
// beside the register's flags. Seeded table "Rápido Sul - Sudeste/Sul", SP → RJ, 150 kg in 0,6 m³ (cubed 180 kg),
// R$ 10.000,00, 12 %:
//   cubed  180 kg: FRETE_PESO 158,10 + 25,00 + 20,00 + 12,50 + 4,13 = 219,73 ÷ 0,88 = 249,69
//   exempt 150 kg: FRETE_PESO 132,60 + 61,63                         = 194,23 ÷ 0,88 = 220,72

let t: TestApp;
let admin: Api;
let tabela: Record<string, unknown>;
const carga = { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3304557' }, pesoKg: 150, m3: 0.6, valorMercadoria: 10000, documentos: 1 };

async function cotar(extra: Record<string, unknown> = {}) {
  const r = await admin.post('/api/v1/calculadora/calcular', { ...carga, transportadorUids: [tabela.transportadorUid], ...extra });
  expect(r.status, r.text).toBe(200);
  return r.body.data.cotacoes.find((c: { tabelaNome: string }) => c.tabelaNome === 'Rápido Sul - Sudeste/Sul');
}
const gravar = (listas: Record<string, unknown>) => admin.put(`/api/v1/tabelasfrete/${tabela.uid}`, { ...tabela, ...listas });

beforeAll(async () => {
  t = await createTestApp();
  admin = await as(t.app, 'admin@demo.com.br');
  const uid = (await admin.get('/api/v1/tabelasfrete', { ftr_nome: 'Rápido Sul - Sudeste/Sul' })).body.data.data[0].uid;
  tabela = (await admin.get(`/api/v1/tabelasfrete/${uid}`)).body.data;
  expect((await admin.post('/api/v1/produtos', { codigo: 'PAL-01', descricao: 'Palete de isopor', ncm: '94033000' })).status).toBe(201);
});
afterAll(() => t?.close());

describe('listas de isenção de cubagem da tabela', () => {
  it('sem listas: a tabela cobra o peso cubado', async () => {
    expect(tabela).toMatchObject({ isencaoCubagemProdutos: [], isencaoCubagemDestinatarios: [] });
    expect(await cotar({ produtos: ['PAL-01'], destinatario: '11222333000181' })).toMatchObject({ pesoTaxado: 180, total: 249.69 });
  });

  it('produto e destinatário listados na tabela: peso real (150 kg → 220,72); outros continuam cubados', async () => {
    const r = await gravar({ isencaoCubagemProdutos: ['pal-01', 'PAL-01'], isencaoCubagemDestinatarios: ['11.222.333/0001-81'] });
    expect(r.status, r.text).toBe(200);
    const lida = (await admin.get(`/api/v1/tabelasfrete/${tabela.uid}`)).body.data;
    expect(lida).toMatchObject({ isencaoCubagemProdutos: ['PAL-01'], isencaoCubagemDestinatarios: ['11222333000181'] });
    expect(await cotar({ produtos: ['pal-01'] })).toMatchObject({ pesoTaxado: 150, total: 220.72, isentoCubagem: true });
    expect(await cotar({ destinatario: '11222333000181' })).toMatchObject({ pesoTaxado: 150, total: 220.72 });
    expect(await cotar({ destinatario: '45997418000153' })).toMatchObject({ pesoTaxado: 180, total: 249.69 });
    expect(await cotar({})).toMatchObject({ pesoTaxado: 180 });
  });

  it('valores inválidos: 400 no campo', async () => {
    const r = await gravar({ isencaoCubagemDestinatarios: ['123'], isencaoCubagemProdutos: 'PAL-01' });
    expect(r.status).toBe(400);
    const campos = r.body.errors.map((e: { field: string }) => e.field).join(' ');
    expect(campos).toContain('isencaoCubagemDestinatarios');
    expect(campos).toContain('isencaoCubagemProdutos');
  });
});
