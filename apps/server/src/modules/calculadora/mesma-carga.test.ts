import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import {
  auditorias,
  cargaNfes,
  cargaProdutos,
  cotacaoTransportadores,
  cotacoesFrete,
  cteComponentes,
  cteNfes,
  ctes,
  nfeItens,
  nfes,
  pessoas,
  produtos,
} from '../../db/schema/index.ts';
import { calculoAcordado } from '../auditorias/calculo.ts';
import { carregarCte } from '../auditorias/cte.ts';
import { auditarCte } from '../auditorias/service.ts';

// One load, one price: the calculator, the CT-e audit (expected value from the carrier's table) and the
// quotation's engine price (GET cotacoesfrete/{uid}/transportadores → valorMotor) give the same figure for
// the same load — the date it is priced as of, the parties, the products/NCM and the m³ of the documents,
// and the transport ICMS (SP intrastate 12 %, RICMS/SP art. 54, I; never the goods' 18 %).
//
// Issue 9's load: FRETE_PESO [até 100 kg FIXO 78,00; sem limite EXCEDENTE 0,62/kg], FRETE_VALOR 0,3 %,
// GRIS 0,2 % (mín. 5,00), PEDAGIO 4,50 por fração de 100 kg, TAS 12,00; 350 kg, 1,2 m³ (× 300 = 360 kg
// taxados), NF R$ 18.000,00, São Paulo → Campinas: 78,00 + 260 × 0,62 = 239,20; 54,00; 36,00; 4 × 4,50 =
// 18,00; 12,00 → 359,20 ÷ 0,88 = 408,18 (ICMS 48,98). The table is valid only in April 2026: priced as of
// today nothing quotes.
//
// With the table's product and recipient (PALETIZACAO 40,00 only for loads carrying MC-CAFE, TDE 20,00
// only for recipient X): 419,20 ÷ 0,88 = 476,36 (ICMS 57,16).

let t: TestApp;
let admin: Api;
let embarcadorUid: string;
let carrier: string;
let tabela: string;
let x: { uid: string; documento: string };
const CNPJ = '11444777000161';
const SP = '3550308';
const CAMPINAS = '3509502';
const DATA = '2026-04-15';

const criado = (res: { status: number; body: any; text: string }) => {
  expect(res.status, res.text).toBe(201);
  return res.body.data;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await as(t.app, 'admin@demo.com.br');
  embarcadorUid = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
  carrier = criado(await admin.post('/api/v1/transportadores', { nome: 'Mesma Carga Transportes Ltda', cnpj: CNPJ, uf: 'SP' })).uid;
  // MC-CUBO: 0,012 m³ per unit (100 units = 1,2 m³); MC-CAFE: no m³ in the register.
  await t.db.insert(produtos).values([
    { embarcadorUid, codigo: 'MC-CUBO', descricao: 'Caixa cúbica', ncm: '39239000', m3: '0.012' },
    { embarcadorUid, codigo: 'MC-CAFE', descricao: 'Café em grão', ncm: '09011110' },
  ]);
  const [p] = await t.db
    .select({ uid: pessoas.uid, documento: pessoas.documento })
    .from(pessoas)
    .where(and(eq(pessoas.embarcadorUid, embarcadorUid), eq(pessoas.tipoPessoa, 'J')))
    .orderBy(pessoas.nome)
    .limit(1);
  x = p!;

  tabela = criado(
    await admin.post('/api/v1/tabelasfrete', {
      nome: 'Mesma carga (abril)',
      transportadorUid: carrier,
      vigenciaInicio: '2026-04-01',
      vigenciaFim: '2026-04-30',
      fatorCubagem: 300,
      icmsIncluso: false,
    }),
  ).uid;
  const base = `/api/v1/tabelasfrete/${tabela}`;
  const rota = criado(await admin.post(`${base}/rotas`, { origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'SP' }, prazoDiasUteis: 1 }));
  const regra = (corpo: Record<string, unknown>) => admin.post(`${base}/rotasComponente`, { tabelaRotaUid: rota.uid, ...corpo });
  criado(
    await regra({
      componente: 'FRETE_PESO',
      base: 'PESO',
      calculo: 'FAIXA',
      faixas: [
        { ate: 100, valor: 78, modo: 'FIXO' },
        { ate: null, valor: 0.62, modo: 'EXCEDENTE' },
      ],
    }),
  );
  criado(await regra({ componente: 'FRETE_VALOR', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3 }));
  criado(await regra({ componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.2, minimo: 5 }));
  criado(await regra({ componente: 'PEDAGIO', base: 'FRACAO_100KG', calculo: 'POR_UNIDADE', valor: 4.5 }));
  criado(await regra({ componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 12 }));
  const cafe = criado(await admin.post(`${base}/restricoes-componentes`, { componente: 'PALETIZACAO', modo: 'SOMENTE', produtos: ['MC-CAFE'] }));
  criado(await regra({ componente: 'PALETIZACAO', base: 'VIAGEM', calculo: 'FIXO', valor: 40, restricaoUid: cafe.uid }));
  const tde = criado(await admin.post(`${base}/restricoes-componentes`, { componente: 'TDE', modo: 'SOMENTE', descricao: 'TDE do cliente X' }));
  criado(await admin.post(`${base}/restricoes-componentes/${tde.uid}/destinatarios/${x.uid}`));
  criado(await regra({ componente: 'TDE', base: 'VIAGEM', calculo: 'FIXO', valor: 20, restricaoUid: tde.uid }));
  const at = await admin.put(`${base}/atualizarstatus`, { status: 1 });
  expect(at.status, at.text).toBe(200);
});
afterAll(() => t?.close());

type Carga = { produtos: string[]; destinatario: boolean };
const EXEMPLO: Carga = { produtos: ['MC-CUBO'], destinatario: false };
const COM_PRODUTO_E_CLIENTE: Carga = { produtos: ['MC-CUBO', 'MC-CAFE'], destinatario: true };

async function calculadora(c: Carga) {
  const res = await admin.post('/api/v1/calculadora/calcular', {
    origem: { municipioIbge: SP },
    destino: { municipioIbge: CAMPINAS },
    pesoKg: 350,
    m3: 1.2,
    valorMercadoria: 18000,
    documentos: 1,
    data: DATA,
    transportadorUids: [carrier],
    produtos: c.produtos,
    ...(c.destinatario ? { destinatario: x.uid } : {}),
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data.cotacoes.find((q: { tabelaUid: string }) => q.tabelaUid === tabela);
}

let seq = 1;
/** The NF-e of the load (items: MC-CUBO × 100 = 1,2 m³, MC-CAFE × 10 when carried), imported. */
async function nfeDaCarga(c: Carga) {
  const n = seq++;
  const chave = `3526041144477700016155001${String(n).padStart(9, '0')}1${String(n).padStart(8, '0')}`.slice(0, 44);
  const [nf] = await t.db
    .insert(nfes)
    .values({
      embarcadorUid, chave, numero: n, serie: 1, emissao: `${DATA}T12:00:00.000Z`, emissaoTexto: `${DATA}T09:00:00-03:00`,
      emitenteDocumento: '11222333000181', emitenteUf: 'SP', emitenteMunicipioIbge: SP,
      destinatarioDocumento: c.destinatario ? x.documento : '60746948000112', destinatarioUf: 'SP', destinatarioMunicipioIbge: CAMPINAS,
      valorTotal: '18000.00', valorProdutos: '18000.00', pesoBruto: '350', volumes: '10', quantidadeItens: c.produtos.length,
    })
    .returning();
  await t.db.insert(nfeItens).values(
    c.produtos.map((codigo, i) => ({ nfeUid: nf!.uid, numero: i + 1, codigo, ncm: codigo === 'MC-CUBO' ? '39239000' : '09011110', quantidade: codigo === 'MC-CUBO' ? '100' : '10', valor: '9000.00' })),
  );
  return nf!;
}

/** A CT-e of the carrier for the load's NF-e, charging `total` with ICMS 12 %; audited (table source). */
async function auditoriaDe(c: Carga, total: number, p: Partial<typeof ctes.$inferInsert> = {}) {
  const nf = await nfeDaCarga(c);
  const n = seq++;
  const icms = (Math.round(total * 12) / 100).toFixed(2);
  const [cte] = await t.db
    .insert(ctes)
    .values({
      embarcadorUid, chave: `3526041144477700016157001${String(n).padStart(9, '0')}1${String(n).padStart(8, '0')}`.slice(0, 44), numero: n, serie: 1,
      emissao: `${DATA}T15:00:00.000Z`, emissaoTexto: `${DATA}T12:00:00-03:00`, tipoCte: 0, modal: '01',
      origemUf: 'SP', destinoUf: 'SP', origemMunicipioIbge: SP, destinoMunicipioIbge: CAMPINAS,
      remetenteDocumento: '11222333000181', destinatarioDocumento: c.destinatario ? x.documento : '60746948000112',
      valorPrestacao: total.toFixed(2), valorReceber: total.toFixed(2), valorCarga: '18000.00',
      icmsCst: '00', icmsBase: total.toFixed(2), icmsAliquota: '12', icmsValor: icms, pesoCarga: '350',
      transportadorUid: carrier, emitenteDocumento: CNPJ, emitenteUf: 'SP', quantidadeNfes: 1, ...p,
    })
    .returning();
  await t.db.insert(cteComponentes).values([{ cteUid: cte!.uid, ordem: 0, nome: 'FRETE', valor: total.toFixed(2) }]);
  await t.db.insert(cteNfes).values([{ cteUid: cte!.uid, embarcadorUid, chave: nf.chave as string, ordem: 0, nfeUid: nf.uid }]);
  await t.db.transaction((tx) => auditarCte(tx, embarcadorUid, cte!.uid));
  const [a] = await t.db.select().from(auditorias).where(eq(auditorias.cteUid, cte!.uid));
  return Object.assign(a!, { cteUid: cte!.uid, nfe: nf });
}

/** A quotation of the load (collection on 15/04/2026, the NF-e line with its m³, product lines), and its engine price. */
async function cotacaoDe(c: Carga) {
  const nf = await nfeDaCarga(c);
  const [cot] = await t.db
    .insert(cotacoesFrete)
    .values({
      embarcadorUid, origemMunicipioIbge: SP, destinoMunicipioIbge: CAMPINAS, dataColetaDesejada: DATA,
      ...(c.destinatario ? { destinatarioUid: x.uid } : {}),
    })
    .returning();
  await t.db.insert(cargaNfes).values({ cotacaoUid: cot!.uid, nfeUid: nf.uid, chave: nf.chave, numero: nf.numero, emitenteCnpj: '11222333000181', valor: '18000', pesoKg: '350', volumeM3: '1.2', volumes: 10 });
  const ps = await t.db.select({ uid: produtos.uid, codigo: produtos.codigo }).from(produtos).where(eq(produtos.embarcadorUid, embarcadorUid));
  for (const codigo of c.produtos) {
    await t.db.insert(cargaProdutos).values({ cotacaoUid: cot!.uid, produtoUid: ps.find((p) => p.codigo === codigo)!.uid, descricao: codigo, quantidade: '1', pesoKg: '0', valor: '0' });
  }
  await t.db.insert(cotacaoTransportadores).values({ cotacaoUid: cot!.uid, transportadorUid: carrier });
  const res = await admin.get(`/api/v1/cotacoesfrete/${cot!.uid}/transportadores`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.data.find((d: { transportadorUid: string }) => d.transportadorUid === carrier) as { valorMotor?: number | null; tabelaMotorNome?: string };
}

const icmsAliquota = (a: typeof auditorias.$inferSelect) => (a.linhas as { tipo: string; situacao: string; esperado: number | null }[]).find((l) => l.tipo === 'ICMS_ALIQUOTA');

describe('a mesma carga, o mesmo frete: calculadora, auditoria do CT-e e cotação', () => {
  it('auditoria: o m³ vem dos itens da NF-e do CT-e (360 kg taxados) → esperado 408,18, igual à calculadora', async () => {
    expect(await calculadora(EXEMPLO)).toMatchObject({ pesoTaxado: 360, valorSemIcms: 359.2, aliquotaIcms: 12, icms: 48.98, total: 408.18 });
    const a = await auditoriaDe(EXEMPLO, 408.18);
    expect(Number(a.valorEsperado)).toBe(408.18);
  });

  it('auditoria: a alíquota esperada do CT-e SP → SP é a do transporte (12 %), a mesma do esperado — CT-e correto sem divergência de ICMS', async () => {
    const a = await auditoriaDe(EXEMPLO, 408.18);
    expect(icmsAliquota(a)).toMatchObject({ situacao: 'OK', esperado: 12 });
    expect(Number(a.diferenca)).toBe(0);
  });

  it('auditoria: os produtos e o destinatário da NF-e do CT-e entram nas restrições → 476,36, igual à calculadora', async () => {
    const calc = await calculadora(COM_PRODUTO_E_CLIENTE);
    expect(calc).toMatchObject({ valorSemIcms: 419.2, icms: 57.16, total: 476.36 });
    const a = await auditoriaDe(COM_PRODUTO_E_CLIENTE, 476.36);
    expect(Number(a.valorEsperado)).toBe(calc.total);
  });

  it('cotação: o preço do motor é calculado na data de coleta → 408,18, igual à calculadora', async () => {
    // Priced as of today the April table does not quote at all.
    const hoje = await admin.post('/api/v1/calculadora/calcular', {
      origem: { municipioIbge: SP }, destino: { municipioIbge: CAMPINAS }, pesoKg: 350, m3: 1.2, valorMercadoria: 18000, transportadorUids: [carrier],
    });
    expect(hoje.body.data.cotacoes).toEqual([]);
    const c = await cotacaoDe(EXEMPLO);
    expect(c).toMatchObject({ valorMotor: (await calculadora(EXEMPLO)).total, tabelaMotorNome: 'Mesma carga (abril)' });
    expect(c.valorMotor).toBe(408.18);
  });

  it('cotação: os produtos e o destinatário da cotação entram nas restrições → 476,36, igual à calculadora', async () => {
    const c = await cotacaoDe(COM_PRODUTO_E_CLIENTE);
    expect(c.valorMotor).toBe((await calculadora(COM_PRODUTO_E_CLIENTE)).total);
    expect(c.valorMotor).toBe(476.36);
  });
});

describe('o tributo que o CT-e deve destacar é o do motor (icmsDoFrete)', () => {
  it('Campinas → Campinas: ISS do cadastro (LC 116/2003, item 16.02) no esperado e nenhum ICMS esperado no CT-e', async () => {
    const calc = await admin.post('/api/v1/calculadora/calcular', {
      origem: { municipioIbge: CAMPINAS }, destino: { municipioIbge: CAMPINAS }, pesoKg: 350, m3: 1.2, valorMercadoria: 18000, documentos: 1, data: DATA,
      transportadorUids: [carrier], produtos: ['MC-CUBO'],
    });
    const q = calc.body.data.cotacoes[0];
    expect(q).toMatchObject({ tributo: 'ISS', icms: 0 });
    const a = await auditoriaDe(EXEMPLO, q.total, { origemMunicipioIbge: CAMPINAS, icmsCst: null, icmsBase: null, icmsAliquota: null, icmsValor: null });
    expect(Number(a.valorEsperado)).toBe(q.total);
    expect(icmsAliquota(a)).toMatchObject({ situacao: 'OK', esperado: 0 });
    expect((a.linhas as { tipo: string; mensagem: string }[]).find((l) => l.tipo === 'ICMS_ALIQUOTA')?.mensagem).toContain('ISS');
  });

  it('aéreo interestadual (modal 02 do CT-e): 4 % (Res. SF 95/1996), não os 12 % de SP → RJ', async () => {
    const a = await auditoriaDe(EXEMPLO, 500, { modal: '02', destinoUf: 'RJ', destinoMunicipioIbge: '3304557', icmsAliquota: '4', icmsValor: '20.00' });
    expect(icmsAliquota(a)).toMatchObject({ situacao: 'OK', esperado: 4 });
  });

  it('preço spot aprovado: o ICMS embutido é o do transporte (12 %), como a calculadora, não o da mercadoria', async () => {
    const a = await auditoriaDe(EXEMPLO, 408.18);
    const [cot] = await t.db
      .insert(cotacoesFrete)
      .values({ embarcadorUid, origemMunicipioIbge: SP, destinoMunicipioIbge: CAMPINAS, status: 4, vencedorTransportadorUid: carrier, valorAprovado: '408.18', aprovadoEm: new Date().toISOString() })
      .returning();
    await t.db.insert(cargaNfes).values({ cotacaoUid: cot!.uid, nfeUid: a.nfe.uid, chave: a.nfe.chave, numero: a.nfe.numero, valor: '18000', pesoKg: '350', freteEsperado: '408.18' });
    const c = await carregarCte(t.db, embarcadorUid, a.cteUid);
    expect(await calculoAcordado(t.db, embarcadorUid, c!, false)).toMatchObject({ fonte: 'SPOT', total: 408.18, aliquotaIcms: 12, icms: 48.98 });
  });
});
