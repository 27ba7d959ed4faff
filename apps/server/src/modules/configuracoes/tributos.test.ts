import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { auditoriaSistema, embarcadores, tributos } from '../../db/schema/index.ts';
import { aliquotaIcms, aliquotaIss, pisCofins, regraIcms } from './service.ts';

// Tax rules with validity: per-kind validation, no overlap, isolation; the rates the freight
// calculator gets (aliquotaIcms, pisCofins, aliquotaIss).
let t: TestApp;
let admin: Api, operador: Api, outro: Api;
let demoUid: string, outroUid: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operador, outro] = await Promise.all(['admin@demo.com.br', 'operador@demo.com.br', 'admin@outro.com.br'].map((l) => as(t.app, l)));
  const es = await t.db.select().from(embarcadores);
  demoUid = es.find((e) => e.cnpj === '11222333000181')!.uid;
  outroUid = es.find((e) => e.cnpj === '45723174000110')!.uid;
});
afterAll(() => t?.close());

const URL = '/api/v1/configuracoes/tributos';
const interno = (uf: string, aliquota: number, vigenciaInicio: string, vigenciaFim: string | null = null) =>
  ({ tipo: 'INTERNO', uf, aliquota, vigenciaInicio, vigenciaFim, descricao: `ICMS interno ${uf}` });

describe('configuracoes/tributos', () => {
  it('creates an ICMS rule and reads it back with numbers and the validity state', async () => {
    const res = await admin.post(URL, { tipo: 'INTERESTADUAL', ufOrigem: 'sp', ufDestino: 'BA', aliquota: '7,00', vigenciaInicio: '2025-01-01' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      tipo: 'INTERESTADUAL', imposto: 'ICMS', uf: null, ufOrigem: 'SP', ufDestino: 'BA', aliquota: 7, vigenciaInicio: '2025-01-01', vigenciaFim: null, vigente: true, ativo: true,
    });
    const lido = await admin.get(`${URL}/${res.body.data.uid}`);
    expect(lido.body.data).toEqual(res.body.data);
    const [trilha] = await t.db.select().from(auditoriaSistema).where(eq(auditoriaSistema.registroUid, res.body.data.uid));
    expect(trilha).toMatchObject({ recurso: 'tributos', acao: 'criar', embarcadorUid: demoUid });
  });

  it('fills the legal defaults: IMPORTADO 4 %, PIS/COFINS of the regime', async () => {
    const imp = await admin.post(URL, { tipo: 'IMPORTADO', vigenciaInicio: '2025-01-01' });
    expect(imp.body.data).toMatchObject({ tipo: 'IMPORTADO', aliquota: 4, imposto: 'ICMS' });
    const pc = await outro.post(URL, { tipo: 'PIS_COFINS', regimePisCofins: 'CUMULATIVO', vigenciaInicio: '2025-01-01', uf: 'SP', aliquota: 18 });
    expect(pc.body.data).toMatchObject({ imposto: 'PIS_COFINS', regimePisCofins: 'CUMULATIVO', aliquotaPis: 0.65, aliquotaCofins: 3, aliquota: null, uf: null });
  });

  it('fim < inicio → 400; the fields of the kind are required; UFs must exist', async () => {
    const fim = await admin.post(URL, interno('PR', 19.5, '2026-05-01', '2026-04-30'));
    expect(fim.status).toBe(400);
    expect(fim.body.errors).toEqual([{ field: 'vigenciaFim', message: 'O fim da vigência deve ser igual ou posterior ao início' }]);
    const semUf = await admin.post(URL, { tipo: 'INTERNO', aliquota: 18, vigenciaInicio: '2025-01-01' });
    expect(semUf.body.errors).toEqual([{ field: 'uf', message: 'Campo obrigatório' }]);
    const mesma = await admin.post(URL, { tipo: 'INTERESTADUAL', ufOrigem: 'SP', ufDestino: 'SP', aliquota: 12, vigenciaInicio: '2025-01-01' });
    expect(mesma.body.errors.map((e: { field: string }) => e.field)).toEqual(['ufDestino']);
    const ufFalsa = await admin.post(URL, interno('XX', 18, '2025-01-01'));
    expect(ufFalsa.body.errors).toEqual([{ field: 'uf', message: 'UF inválida' }]);
    expect((await admin.post(URL, interno('PR', 101, '2025-01-01'))).status).toBe(400);
    expect((await t.db.select().from(tributos).where(eq(tributos.chave, 'INTERNO:PR'))).length).toBe(0);
  });

  it('overlapping validity for the same rule → 409; adjacent periods, other UFs and inactive rules are fine', async () => {
    // Seed: Demo has INTERNO SP 18 from 2025-01-01 with no end.
    const sobre = await admin.post(URL, interno('SP', 12, '2026-03-01', '2026-12-31'));
    expect(sobre.status).toBe(409);
    expect(sobre.body.message).toBe('Já existe uma regra de ICMS interno SP vigente desde 01/01/2025, sem data de fim: as vigências da mesma regra não podem se sobrepor.');
    expect(sobre.body.errors[0].field).toBe('vigenciaInicio');
    const a = await admin.post(URL, interno('MG', 18, '2025-01-01', '2025-06-30'));
    expect(a.status).toBe(201);
    expect((await admin.post(URL, interno('MG', 19, '2025-07-01'))).status).toBe(201);
    expect((await admin.post(URL, interno('MG', 19, '2025-06-30', '2025-06-30'))).status).toBe(409);
    expect((await admin.post(URL, { ...interno('MG', 19, '2025-06-01'), ativo: false })).status).toBe(201);
    // Updating a rule never conflicts with itself; stretching it over the next one does.
    expect((await admin.put(`${URL}/${a.body.data.uid}`, interno('MG', 17.5, '2025-01-01', '2025-06-30'))).body.data.aliquota).toBe(17.5);
    expect((await admin.put(`${URL}/${a.body.data.uid}`, interno('MG', 17.5, '2025-01-01', '2025-07-01'))).status).toBe(409);
    // Another shipper's rules are not in the way.
    expect((await outro.post(URL, interno('SP', 12, '2026-03-01'))).status).toBe(201);
  });

  it('isolation: Outro cannot read or change Demo rules (404), nor list them', async () => {
    const [regra] = await t.db.select().from(tributos).where(eq(tributos.embarcadorUid, demoUid)).limit(1);
    expect((await outro.get(`${URL}/${regra.uid}`)).status).toBe(404);
    const put = await outro.put(`${URL}/${regra.uid}`, interno('AC', 19, '2030-01-01'));
    expect(put.status).toBe(404);
    const lista = await outro.get(URL, { pps: 500 });
    expect(lista.body.data.data.map((r: { uid: string }) => r.uid)).not.toContain(regra.uid);
    expect((await admin.get(`${URL}/${regra.uid}`)).status).toBe(200);
  });

  it('lists with filters (tipo, uf, vigente) newest validity first; the operator reads but may not write', async () => {
    const sp = await admin.get(URL, { ftr_tipo: 'INTERNO', ftr_uf: 'SP' });
    expect(sp.body.data.data.map((r: { aliquota: number }) => r.aliquota)).toEqual([18]);
    const vigentes = await admin.get(URL, { ftr_vigente: 'true', ftr_tipo: 'INTERNO' });
    expect(vigentes.body.data.data.every((r: { vigente: boolean }) => r.vigente)).toBe(true);
    expect(vigentes.body.data.data.map((r: { uf: string }) => r.uf)).not.toContain(null);
    const todos = await admin.get(URL, { ftr_tipo: 'INTERNO', ftr_uf: 'MG' });
    const inicios = todos.body.data.data.map((r: { vigenciaInicio: string }) => r.vigenciaInicio);
    expect(inicios).toEqual([...inicios].sort().reverse());
    expect((await operador.get(URL)).status).toBe(200);
    expect((await operador.post(URL, interno('TO', 20, '2031-01-01'))).status).toBe(403);
  });
});

describe('aliquotaIcms (for the freight calculator)', () => {
  it('legal defaults: SP→SP internal, SP→BA 7, BA→SP 12, imported 4', async () => {
    expect(await aliquotaIcms(t.db, outroUid, 'SP', 'SP', '2025-06-01')).toBe(18);
    expect(await aliquotaIcms(t.db, outroUid, 'SP', 'BA', '2025-06-01')).toBe(7);
    expect(await aliquotaIcms(t.db, outroUid, 'BA', 'SP', '2025-06-01')).toBe(12);
    expect(await aliquotaIcms(t.db, outroUid, 'SP', 'BA', '2025-06-01', true)).toBe(4);
    expect(await aliquotaIcms(t.db, outroUid, 'pr', 'pr', new Date('2025-06-01T12:00:00Z'))).toBe(19.5);
    expect(await aliquotaIcms(t.db, outroUid, 'SP', 'ES', '2025-06-01')).toBe(7);
  });

  it("the shipper's rule in force at the date wins; outside its validity the default applies", async () => {
    expect(await regraIcms(t.db, demoUid, 'SP', 'SP', '2025-06-01')).toMatchObject({ aliquota: 18, fonte: 'embarcador' });
    expect(await regraIcms(t.db, demoUid, 'RJ', 'RJ', '2025-06-01')).toMatchObject({ aliquota: 22, fonte: 'embarcador' });
    expect(await regraIcms(t.db, demoUid, 'RJ', 'RJ', '2024-12-31')).toEqual({ aliquota: 20, fonte: 'padrao', tributoUid: null });
    expect(await aliquotaIcms(t.db, outroUid, 'RJ', 'RJ', '2025-06-01')).toBe(22);
    await admin.post(URL, { tipo: 'INTERESTADUAL', ufOrigem: 'SP', ufDestino: 'AM', aliquota: 0, vigenciaInicio: '2030-01-01', vigenciaFim: '2030-12-31', descricao: 'Benefício fiscal' });
    expect(await aliquotaIcms(t.db, demoUid, 'SP', 'AM', '2030-05-01')).toBe(0);
    expect(await aliquotaIcms(t.db, demoUid, 'SP', 'AM', '2031-01-01')).toBe(7);
    expect(await aliquotaIcms(t.db, demoUid, 'SP', 'AM', '2030-05-01', true)).toBe(4);
    await expect(aliquotaIcms(t.db, demoUid, 'XX', 'SP', '2030-05-01')).rejects.toMatchObject({ status: 400 });
  });

  it('PIS/COFINS: the rule in force, else the rates of the general regime', async () => {
    expect(await pisCofins(t.db, demoUid, '2025-06-01')).toEqual({ regime: 'NAO_CUMULATIVO', pis: 1.65, cofins: 7.6, fonte: 'embarcador' });
    expect(await pisCofins(t.db, demoUid, '2024-06-01')).toEqual({ regime: 'NAO_CUMULATIVO', pis: 1.65, cofins: 7.6, fonte: 'padrao' });
  });
});

describe('configuracoes/iss', () => {
  const ISS = '/api/v1/configuracoes/iss';
  it('default=false lists the shipper ISS (São Paulo 5 %, Campinas 3 %); default=true the system defaults', async () => {
    const meus = await admin.get(ISS, { default: 'false' });
    expect(meus.body.data.data.map((i: { municipio: string; aliquota: number; def: boolean }) => [i.municipio, i.aliquota, i.def])).toEqual([['Campinas', 3, false], ['São Paulo', 5, false]]);
    const padrao = await admin.get(ISS, { default: 'true', ftr_uf: 'SP' });
    expect(padrao.body.data.data).toEqual([expect.objectContaining({ municipioIbge: '3550308', municipio: 'São Paulo', aliquota: 5, def: true })]);
    expect((await admin.get(ISS, { default: 'true' })).body.data.totalRecords).toBe(27);
    expect((await outro.get(ISS)).body.data.data.map((i: { municipio: string }) => i.municipio)).toEqual(['Rio de Janeiro']);
  });

  it('POST/PUT with def=false; unique per shipper and municipality (409); 2–5 %; the municipality must exist', async () => {
    const novo = await admin.post(ISS, { municipioIbge: '4106902', aliquota: 2.5, def: false, retencao: 'RETIDO' });
    expect(novo.status).toBe(201);
    expect(novo.body.data).toMatchObject({ municipio: 'Curitiba', uf: 'PR', aliquota: 2.5, def: false, retencao: 'RETIDO' });
    const dup = await admin.post(ISS, { municipioIbge: '4106902', aliquota: 3, def: false });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'municipioIbge', message: 'Já existe uma alíquota de ISS deste embarcador para este município.' }]);
    // The same municipality is free for another shipper.
    expect((await outro.post(ISS, { municipioIbge: '4106902', aliquota: 3, def: false })).status).toBe(201);
    for (const aliquota of [1.99, 5.01]) {
      const r = await admin.post(ISS, { municipioIbge: '4205407', aliquota, def: false });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'aliquota', message: 'A alíquota do ISS deve estar entre 2% e 5%' }]);
    }
    const inexistente = await admin.post(ISS, { municipioIbge: '9999999', aliquota: 3, def: false });
    expect(inexistente.body.errors).toEqual([{ field: 'municipioIbge', message: 'Município não encontrado' }]);
    expect((await admin.post(ISS, { municipioIbge: '4205407', aliquota: 3, def: true })).status).toBe(400);
    const alt = await admin.put(`${ISS}/${novo.body.data.uid}`, { municipioIbge: '4106902', aliquota: 4, def: false });
    expect(alt.body.data.aliquota).toBe(4);
    expect((await outro.put(`${ISS}/${novo.body.data.uid}`, { municipioIbge: '4106902', aliquota: 2, def: false })).status).toBe(404);
    const [padraoSp] = (await admin.get(ISS, { default: 'true', ftr_municipioIbge: '3550308' })).body.data.data;
    expect((await admin.put(`${ISS}/${padraoSp.uid}`, { municipioIbge: '3550308', aliquota: 2, def: false })).status).toBe(404);
  });

  it('aliquotaIss: the shipper rate, else the system default, else the configured default', async () => {
    expect(await aliquotaIss(t.db, demoUid, '3509502')).toBe(3);
    expect(await aliquotaIss(t.db, demoUid, '2927408')).toBe(5);
    await admin.put('/api/v1/configuracoes', { aliquotaIssPadrao: 2 });
    expect(await aliquotaIss(t.db, demoUid, '3518800')).toBe(2);
  });
});
