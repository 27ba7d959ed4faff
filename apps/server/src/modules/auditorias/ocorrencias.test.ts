import { and, eq, sql } from 'drizzle-orm';
import { componentesEsperados, esperadoDoMotor } from '@fretio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { cenarioDeAuditoria, type CotacaoDoTeste, inseridorDeCtes } from '../../../test/support/ctes-auditoria.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { eventosOcorrencia, nfes, ocorrencias, reauditoriaOcorrencias, transportadores } from '../../db/schema/index.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';
import { componenteDaCobranca } from './ocorrencias.ts';
import { reauditarPorOcorrencias } from './reauditoria-ocorrencias.ts';
import { auditarCte } from './service.ts';

// Occurrence charges in the audit: a 'Cobrança adicional' event (PROCEDA 19, re-delivery at 50 % of the
// freight; or a fixed value) on the CT-e's NF-e is expected on that CT-e, under REENTREGA/DEVOLUCAO/ESTADIA;
// a CT-e billing the re-delivery is approved only with the event, and the charge goes on the carrier's
// latest CT-e of the note (not on each).

let t: TestApp;
let admin: Api;
let embarcadorUid: string;
let rapido: string;
let cotacao: CotacaoDoTeste;
const hoje = hojeSaoPaulo();

const novoCte = inseridorDeCtes(() => t, () => ({ embarcadorUid, transportadorUid: rapido, aliquotaIcms: cotacao.aliquotaIcms, hoje }), 900);
/** A CT-e of one NF-e record (its occurrences are what the audit reads). */
const inserirCte = (componentes: { nome: string; valor: number }[], nfeUid: string, chaveNfe: string, emissao = `${hoje}T15:00:00.000Z`) =>
  novoCte(componentes, { emissao }, [{ chave: chaveNfe, nfeUid }]);
const certo = () => [...componentesEsperados(esperadoDoMotor({ cotado: true, ...cotacao }, 'TABELA', { descricao: '' }) as never, false)]
  .map(([nome, v]) => ({ nome: `CT ${nome}`, valor: v.toNumber() }));
const auditar = (cteUid: string) => t.db.transaction((tx) => auditarCte(tx, embarcadorUid, cteUid));
const daAuditoria = async (cteUid: string) => (await admin.get('/api/v1/auditorias', { ftr_cteUid: cteUid })).body.data.data[0];

/** A new NF-e of the demo shipper (100 kg, R$ 1.000,00: the bases of the calculation above). */
let nfSeq = 770000;
async function nfeLivre() {
  const numero = nfSeq++;
  const chave = `35260460746948000112550010${String(numero).padStart(9, '0')}10000000`.slice(0, 44);
  const [n] = await t.db.insert(nfes).values({ embarcadorUid, chave, numero, serie: 1, emissao: `${hoje}T12:00:00.000Z`, emissaoTexto: `${hoje}T09:00:00-03:00`,
    pesoBruto: '100', valorTotal: '1000.00' }).returning({ uid: nfes.uid, chave: nfes.chave, numero: nfes.numero });
  return n as { uid: string; chave: string; numero: number };
}
async function evento(codigo: string, nfe: { uid: string; numero: number }, transportadorUid: string | null = rapido) {
  const [o] = await t.db.select().from(ocorrencias).where(and(eq(ocorrencias.embarcadorUid, embarcadorUid), eq(ocorrencias.codigo, codigo)));
  await t.db.insert(eventosOcorrencia).values({ embarcadorUid, ocorrenciaUid: o!.uid, transportadorUid, numeroNf: String(nfe.numero), dataHora: `${hoje}T13:00:00.000Z`, origem: 'manual', nfeUid: nfe.uid });
  return o!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await as(t.app, 'admin@demo.com.br');
  ({ embarcadorUid, rapido, cotacao } = await cenarioDeAuditoria(t, admin));
});
afterAll(() => t?.close());

describe('cobrança adicional de ocorrência na auditoria', () => {
  it('componente pela descrição do tipo', () => {
    expect(['Reentrega solicitada pelo cliente', 'Retorno de mercadoria ao remetente (devolução)', 'Diária / estadia do veículo', 'Outra cobrança'].map(componenteDaCobranca))
      .toEqual(['REENTREGA', 'DEVOLUCAO', 'ESTADIA', 'REENTREGA']);
  });

  it('reentrega (19, 50 % do frete) cobrada no CT-e: Divergente sem a ocorrência, Aprovada com ela; valor fixo soma também', async () => {
    const nfe = await nfeLivre();
    // the table's freight SP → RJ, 100 kg, R$ 1.000,00: R$ 120,03; 50 % = 60,015 → R$ 60,02 (half up); expected 180,05
    expect(cotacao.total).toBe(120.03);
    const reentrega = 60.02;
    const c = await inserirCte([...certo(), { nome: 'CT REENTREGA', valor: reentrega }], nfe.uid, nfe.chave);
    await auditar(c.uid);
    const sem = await daAuditoria(c.uid);
    expect(sem.status).toBe(2);
    const o19 = await evento('19', nfe);
    expect([o19.acao, o19.tipoCobranca, Number(o19.valorCobranca)]).toEqual([3, 'P', 50]);
    await auditar(c.uid);
    const com = await daAuditoria(c.uid);
    expect(com).toMatchObject({ status: 1, valorEsperado: 180.05, diferenca: 0 });
    const linha = com.linhas.find((l: { tipo: string }) => l.tipo === 'TAXA_ESPECIAL');
    expect(linha).toMatchObject({ componente: 'REENTREGA', esperado: reentrega });
    expect(linha.mensagem).toContain(`Ocorrência 19 (${o19.descricao})`);
    expect(linha.mensagem).toContain('50 % do frete');

    // The kind now charges a fixed R$ 87,35: expected 120,03 + 87,35 = 207,38; billed 180,05 → −27,33 (undercharge, outside the tolerance).
    await t.db.update(ocorrencias).set({ tipoCobranca: 'V', valorCobranca: '87.35' }).where(eq(ocorrencias.uid, o19.uid));
    await auditar(c.uid);
    const fixo = await daAuditoria(c.uid);
    expect(fixo).toMatchObject({ status: 2, valorEsperado: 207.38, diferenca: -27.33 });
    await t.db.update(ocorrencias).set({ tipoCobranca: 'P', valorCobranca: '50' }).where(eq(ocorrencias.uid, o19.uid));
  });

  it('com dois CT-es do transportador na NF-e, a cobrança vai só para o mais recente; evento de outro transportador não conta', async () => {
    const nfe = await nfeLivre();
    const primeiro = await inserirCte(certo(), nfe.uid, nfe.chave, `${hoje}T10:00:00.000Z`);
    await evento('19', nfe);
    const reentrega = 60.02;
    const segundo = await inserirCte([...certo(), { nome: 'CT REENTREGA', valor: reentrega }], nfe.uid, nfe.chave, `${hoje}T16:00:00.000Z`);
    await auditar(segundo.uid);
    await auditar(primeiro.uid);
    const a1 = await daAuditoria(primeiro.uid);
    const a2 = await daAuditoria(segundo.uid);
    expect(a1.linhas.some((l: { tipo: string }) => l.tipo === 'TAXA_ESPECIAL')).toBe(false);
    expect(a2.linhas.filter((l: { tipo: string }) => l.tipo === 'TAXA_ESPECIAL')).toHaveLength(1);
    expect(a2.valorEsperado).toBe(180.05);
    // the re-delivery CT-e after the event is no duplicate billing of the note
    for (const a of [a1, a2]) expect(a.linhas.filter((l: { tipo: string }) => l.tipo === 'DUPLICIDADE')).toEqual([]);

    const outra = await nfeLivre();
    const alheio = (await t.db.select({ uid: transportadores.uid }).from(transportadores).where(sql`${transportadores.uid} <> ${rapido}`).limit(1))[0]!.uid;
    const c = await inserirCte(certo(), outra.uid, outra.chave);
    await evento('19', outra, alheio);
    await auditar(c.uid);
    expect(await daAuditoria(c.uid)).toMatchObject({ status: 1, valorEsperado: cotacao.total });
  });
});

describe('cobrança que chega depois da auditoria: re-auditoria pelas ocorrências', () => {
  const marcadas = async () => (await t.db.select().from(reauditoriaOcorrencias)).map((m) => m.nfeUid);

  it('evento digitado depois do CT-e aprova a reentrega cobrada; apagar o evento volta a divergir; trocar a cobrança do tipo re-audita', async () => {
    await reauditarPorOcorrencias(t.db); // what the other tests of the file marked
    const nfe = await nfeLivre();
    const c = await inserirCte([...certo(), { nome: 'CT REENTREGA', valor: 60.02 }], nfe.uid, nfe.chave);
    await auditar(c.uid);
    expect((await daAuditoria(c.uid)).status).toBe(2);
    const o19 = (await t.db.select().from(ocorrencias).where(and(eq(ocorrencias.embarcadorUid, embarcadorUid), eq(ocorrencias.codigo, '19'))))[0]!;

    // typed through the API, as the desk does
    const criado = await admin.post('/api/v1/eventos-ocorrencia', { nfeUid: nfe.uid, ocorrenciaUid: o19.uid, transportadorUid: rapido, dataHora: new Date(Date.now() - 60_000).toISOString() });
    expect(criado.status, JSON.stringify(criado.body)).toBe(201);
    expect(await marcadas()).toEqual([nfe.uid]);
    expect(await reauditarPorOcorrencias(t.db)).toEqual({ nfes: 1, ctes: 1 });
    expect(await daAuditoria(c.uid)).toMatchObject({ status: 1, valorEsperado: 180.05, diferenca: 0 });
    expect(await marcadas()).toEqual([]);
    expect(await reauditarPorOcorrencias(t.db)).toEqual({ nfes: 0, ctes: 0 });

    // the kind stops charging a percentage and charges R$ 87,35: 120,03 + 87,35 = 207,38 expected, 180,05 billed
    await t.db.update(ocorrencias).set({ tipoCobranca: 'V', valorCobranca: '87.35' }).where(eq(ocorrencias.uid, o19.uid));
    expect(await marcadas()).toContain(nfe.uid);
    await reauditarPorOcorrencias(t.db);
    expect(await daAuditoria(c.uid)).toMatchObject({ status: 2, valorEsperado: 207.38, diferenca: -27.33 });
    await t.db.update(ocorrencias).set({ tipoCobranca: 'P', valorCobranca: '50' }).where(eq(ocorrencias.uid, o19.uid));
    await reauditarPorOcorrencias(t.db);
    expect((await daAuditoria(c.uid)).status).toBe(1);

    // the event removed: the re-delivery is billed without a reason again
    const apagado = await admin.delete(`/api/v1/eventos-ocorrencia/${criado.body.data.uid}`);
    expect(apagado.status).toBe(200);
    expect(await marcadas()).toEqual([nfe.uid]);
    await reauditarPorOcorrencias(t.db);
    expect(await daAuditoria(c.uid)).toMatchObject({ status: 2, valorEsperado: cotacao.total });
  });

  it('um evento sem cobrança não marca nada; auditoria aceita fica como está', async () => {
    await reauditarPorOcorrencias(t.db);
    const nfe = await nfeLivre();
    const c = await inserirCte([...certo(), { nome: 'CT REENTREGA', valor: 60.02 }], nfe.uid, nfe.chave);
    await auditar(c.uid);
    const semCobranca = (await t.db.select().from(ocorrencias).where(and(eq(ocorrencias.embarcadorUid, embarcadorUid), sql`${ocorrencias.acao} not in (2, 3)`)))[0]!;
    await t.db.insert(eventosOcorrencia).values({ embarcadorUid, ocorrenciaUid: semCobranca.uid, transportadorUid: rapido, numeroNf: String(nfe.numero), dataHora: `${hoje}T11:00:00.000Z`, origem: 'manual', nfeUid: nfe.uid });
    expect(await marcadas()).toEqual([]);

    const a = await daAuditoria(c.uid);
    const aceita = await admin.put(`/api/v1/auditorias/${a.uid}/aceitar-auditoria`, { mensagem: 'Reentrega combinada por telefone' });
    expect(aceita.status).toBe(200);
    await evento('19', nfe);
    expect(await reauditarPorOcorrencias(t.db)).toEqual({ nfes: 1, ctes: 0 });
    expect(await daAuditoria(c.uid)).toMatchObject({ status: 4, valorEsperado: cotacao.total });
  });
});

describe('CT-e de reentrega não é duplicidade', () => {
  it('dois CT-es do transportador na NF-e: duplicidade nos dois; a tentativa de entrega entre eles, registrada depois, tira a marca', async () => {
    await reauditarPorOcorrencias(t.db);
    const nfe = await nfeLivre();
    const primeiro = await inserirCte(certo(), nfe.uid, nfe.chave, `${hoje}T10:00:00.000Z`);
    const segundo = await inserirCte(certo(), nfe.uid, nfe.chave, `${hoje}T16:00:00.000Z`);
    await auditar(primeiro.uid);
    await auditar(segundo.uid);
    const dup = (a: { linhas: { tipo: string; mensagem: string }[] }) => a.linhas.filter((l) => l.tipo === 'DUPLICIDADE').map((l) => l.mensagem);
    expect(dup(await daAuditoria(primeiro.uid))).toEqual([expect.stringContaining(`a NF-e ${nfe.chave} também está no CT-e`)]);
    expect((await daAuditoria(segundo.uid)).status).toBe(2);

    const [tentativa] = await t.db.select().from(ocorrencias).where(and(eq(ocorrencias.embarcadorUid, embarcadorUid), eq(ocorrencias.acao, 2))).limit(1);
    await t.db.insert(eventosOcorrencia).values({ embarcadorUid, ocorrenciaUid: tentativa!.uid, transportadorUid: rapido, numeroNf: String(nfe.numero), dataHora: `${hoje}T12:00:00.000Z`, origem: 'edi', nfeUid: nfe.uid });
    expect(await reauditarPorOcorrencias(t.db)).toEqual({ nfes: 1, ctes: 2 });
    for (const c of [primeiro, segundo]) expect(await daAuditoria(c.uid)).toMatchObject({ status: 1, diferenca: 0 });
    expect(dup(await daAuditoria(primeiro.uid))).toEqual([]);
  });
});
