import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { cargaProdutos, cotacoesFrete, ctes, produtos, transportadores } from '../../db/schema/index.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { auditarCte } from '../auditorias/service.ts';
import { precoDoMotor } from '../cotacoesfrete/motor.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';

// Cubage exemption of the register (issue 9): a product or a recipient flagged "isento de cubagem" is
// charged by real weight in every table — the calculator, the quotation's engine price and the CT-e audit
// go through the same options (calculadora/opcoes.ts). And the audit weighs the CT-e's "PESO CUBADO".
//
// Worked numbers, seeded table "Exemplo SP → RJ" (faixas até 100 kg 90,00 + excedente 0,85/kg; FRETE_VALOR
// 0,3 %; GRIS 0,3 % mín. 3,00; PEDÁGIO 6,50 por fração de 100 kg; TAS 4,50; ICMS SP → RJ 12 %):
//  150 kg, 0,6 m³ (cubado 180 kg), R$ 10.000,00:
//   cubada: 90 + 80 × 0,85 = 158,00 + 30 + 30 + 13 + 4,50 = 235,50 ÷ 0,88 = 267,61
//   isenta (150 kg): 90 + 50 × 0,85 = 132,50 + 30 + 30 + 13 + 4,50 = 210,00 ÷ 0,88 = 238,64 (ICMS 28,64)

let t: TestApp;
let admin: Api;
let rapido: string;
let embarcadorUid: string;
const CNPJ_ISENTO = '11444777000161';
const CNPJ_COMUM = '45997418000153';

const carga = { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3304557' }, pesoKg: 150, m3: 0.6, valorMercadoria: 10000, documentos: 1 };
async function exemplo(extra: Record<string, unknown>) {
  const r = await admin.post('/api/v1/calculadora/calcular', { ...carga, transportadorUids: [rapido], ...extra });
  expect(r.status, r.text).toBe(200);
  return r.body.data.cotacoes.find((c: { tabelaNome: string }) => c.tabelaNome === 'Exemplo SP → RJ');
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await as(t.app, 'admin@demo.com.br');
  embarcadorUid = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
  rapido = (await t.db.select().from(transportadores).where(eq(transportadores.nomeFantasia, 'Rápido Sul')))[0]!.uid;
  const prod = (codigo: string, isentoCubagem: boolean) =>
    admin.post('/api/v1/produtos', { codigo, descricao: `Produto ${codigo}`, ncm: '94033000', isentoCubagem });
  expect((await prod('ISENTO-1', true)).status).toBe(201);
  expect((await prod('COMUM-1', false)).status).toBe(201);
  const pessoa = (documento: string, nome: string, isentoCubagem: boolean) => admin.post('/api/v1/pessoas', { documento, nome, destinatario: true, isentoCubagem });
  const p1 = await pessoa(CNPJ_ISENTO, 'Cliente Isento De Cubagem Ltda', true);
  expect(p1.status, p1.text).toBe(201);
  expect(p1.body.data.isentoCubagem).toBe(true);
  expect((await pessoa(CNPJ_COMUM, 'Cliente Comum Ltda', false)).status).toBe(201);
});
afterAll(() => t?.close());

describe('isenção de cubagem por produto e por destinatário', () => {
  it('calculadora: sem isenção cobra o peso cubado (180 kg → 267,61)', async () => {
    const cubada = await exemplo({});
    expect(cubada).toMatchObject({ pesoTaxado: 180, valorSemIcms: 235.5, total: 267.61 });
    expect(cubada.isentoCubagem).toBeUndefined();
    expect(await exemplo({ produtos: ['COMUM-1'], destinatario: CNPJ_COMUM })).toMatchObject({ pesoTaxado: 180, total: 267.61 });
  });

  it('produto isento: carga só dele é cobrada pelo peso real (150 kg → 238,64); misturada com outro, não', async () => {
    const r = await exemplo({ produtos: ['isento-1'] });
    expect(r).toMatchObject({ pesoTaxado: 150, isentoCubagem: true, valorSemIcms: 210, icms: 28.64, total: 238.64 });
    expect(r.componentes.find((c: { componente: string }) => c.componente === 'FRETE_PESO')).toMatchObject({ valor: 132.5 });
    expect(await exemplo({ produtos: ['ISENTO-1', 'COMUM-1'] })).toMatchObject({ pesoTaxado: 180, total: 267.61 });
  });

  it('destinatário isento (CNPJ com máscara ou uid da pessoa): peso real', async () => {
    expect(await exemplo({ destinatario: '11.444.777/0001-61' })).toMatchObject({ pesoTaxado: 150, total: 238.64 });
    const uid = (await admin.get('/api/v1/pessoas', { ftr_documento: CNPJ_ISENTO })).body.data.data[0].uid;
    expect(await exemplo({ destinatario: uid, produtos: ['COMUM-1'] })).toMatchObject({ pesoTaxado: 150, total: 238.64 });
  });

  it('a marca é lida e alterada pela API; valor inválido é 400 com o campo', async () => {
    const bad = await admin.post('/api/v1/produtos', { codigo: 'X-1', descricao: 'X', ncm: '94033000', isentoCubagem: 'talvez' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('isentoCubagem');
    expect(JSON.stringify(bad.body)).toContain('Deve ser verdadeiro ou falso');
    const badP = await admin.post('/api/v1/pessoas', { documento: '45997418000153', nome: 'Outro', isentoCubagem: 7 });
    expect(badP.status).toBe(400);
    expect(JSON.stringify(badP.body)).toContain('isentoCubagem');
    const p = (await admin.get('/api/v1/produtos', { ftr_codigo: 'ISENTO-1' })).body.data.data[0];
    expect(p.isentoCubagem).toBe(true);
    const off = await admin.put(`/api/v1/produtos/${p.uid}`, { codigo: 'ISENTO-1', descricao: p.descricao, ncm: p.ncm, isentoCubagem: false });
    expect(off.status, off.text).toBe(200);
    expect(await exemplo({ produtos: ['ISENTO-1'] })).toMatchObject({ pesoTaxado: 180, total: 267.61 });
    await admin.put(`/api/v1/produtos/${p.uid}`, { codigo: 'ISENTO-1', descricao: p.descricao, ncm: p.ncm, isentoCubagem: true });
  });
});

describe('auditoria: PESO CUBADO do CT-e e isenção', () => {
  let seq = 900;
  const hoje = hojeSaoPaulo();
  async function cte(p: Partial<typeof ctes.$inferInsert>) {
    const n = seq++;
    const [c] = await t.db.insert(ctes).values({
      embarcadorUid, chave: `3526046074694800011257001${String(n).padStart(9, '0')}1${String(n).padStart(8, '0')}`.slice(0, 44), numero: n, serie: 1,
      emissao: `${hoje}T15:00:00.000Z`, emissaoTexto: `${hoje}T12:00:00-03:00`, tipoCte: 0, origemUf: 'SP', destinoUf: 'RJ',
      origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557', valorPrestacao: '300.00', valorReceber: '300.00',
      icmsCst: '00', icmsBase: '300.00', icmsAliquota: '12', icmsValor: '36.00', pesoCarga: '150', valorCarga: '10000', transportadorUid: rapido,
      emitenteDocumento: '60746948000112', quantidadeNfes: 0, ...p,
    }).returning();
    await t.db.transaction((tx) => auditarCte(tx, embarcadorUid, c!.uid));
    return (await admin.get('/api/v1/auditorias', { ftr_cteUid: c!.uid })).body.data.data[0];
  }
  // What the calculator gives Rápido Sul for the same load (the audit takes the cheapest of equal priority).
  const esperado = async (pesoKg: number, extra: Record<string, unknown> = {}) =>
    (await admin.post('/api/v1/calculadora/calcular', { ...carga, m3: undefined, pesoKg, transportadorUids: [rapido], ...extra })).body.data.cotacoes[0].total;

  it('o peso é o maior entre o da carga (150), o cubado do CT-e (180) e o das NF-es', async () => {
    const a = await cte({ pesoCubado: '180' });
    expect(a.resumo).toContain('SP → RJ, 180 kg');
    expect(a.valorEsperado).toBe(await esperado(180));
    const b = await cte({ pesoCubado: '120' });
    expect(b.resumo).toContain('SP → RJ, 150 kg');
    expect(b.valorEsperado).toBe(await esperado(150));
  });

  it('destinatário isento de cubagem: o PESO CUBADO do CT-e não conta (150 kg), como na calculadora', async () => {
    const a = await cte({ pesoCubado: '180', destinatarioDocumento: CNPJ_ISENTO, destinatarioNome: 'Cliente Isento' });
    expect(a.resumo).toContain('SP → RJ, 150 kg');
    expect(a.valorEsperado).toBe(await esperado(150, { destinatario: CNPJ_ISENTO }));
    // the cheapest of Rápido Sul here is "Sudeste/Sul" v2 (+6 %): 180 kg → 90,10 + 80 × 0,85 + 25,00 + 20,00 + 12,50 + 4,13
    // = 219,73 ÷ 0,88 = 249,69; 150 kg → 90,10 + 50 × 0,85 + 61,63 = 194,23 ÷ 0,88 = 220,72
    expect([await esperado(180), await esperado(150)]).toEqual([249.69, 220.72]);
  });
});

describe('cotação: o preço do motor segue a mesma isenção', () => {
  it('carga da cotação só com o produto isento: peso real (220,72); sem a marca, o cubado (249,69)', async () => {
    const [cot] = await t.db.insert(cotacoesFrete).values({ embarcadorUid, status: 1, origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557' } as never).returning();
    const [p] = await t.db.select().from(produtos).where(eq(produtos.codigo, 'ISENTO-1'));
    await t.db.insert(cargaProdutos).values({ cotacaoUid: cot!.uid, produtoUid: p!.uid, descricao: 'Isento', quantidade: '1', pesoKg: '150', volumeM3: '0.6', valor: '10000' });
    const ctx = { usuarioUid: '', login: '', nome: '', tipoUsuario: 1, transportadorUid: null, embarcadorUid, permissoes: {}, via: 'sessao' } as unknown as RequestContext;
    expect((await precoDoMotor(t.db, ctx, cot!.uid, [rapido])).get(rapido)?.total).toBe(220.72);
    await t.db.update(produtos).set({ isentoCubagem: false }).where(eq(produtos.uid, p!.uid));
    expect((await precoDoMotor(t.db, ctx, cot!.uid, [rapido])).get(rapido)?.total).toBe(249.69);
    await t.db.update(produtos).set({ isentoCubagem: true }).where(eq(produtos.uid, p!.uid));
  });
});
