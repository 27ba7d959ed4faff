import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentesEsperados } from '@fretio/core';
import { lerArquivoCte } from '@fretio/core/fiscal';
import { cteXml } from '@fretio/core/fiscal/fixtures';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { aguardarTarefa, itensDaTarefa } from '../../../test/support/tarefas.ts';
import { cteComponentes, ctes, transportadores } from '../../db/schema/index.ts';
import { auditarCte } from '../auditorias/service.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';
import { guardarXml } from '../nfes/vinculos.ts';
import { colunasCte } from './service.ts';

// CT-es imported before migration 0067 kept neither PESO CUBADO nor PESO BASE DE CALCULO: the reprocess task
// re-reads their stored XML. The story: Rápido Sul's CT-e weighs 150 kg real, 180 kg cubed, and charges what the
// calculator gives for 180 kg and R$ 10.000,00 of goods, SP → RJ (seeded table "Rápido Sul - Sudeste/Sul", 12 %):
//   180 kg: FRETE_PESO 158,10 + FRETE_VALOR 25,00 + GRIS 20,00 + PEDAGIO 12,50 (2 frações) + TAS 4,13 = 219,73 ÷ 0,88 = 249,69
//   150 kg: FRETE_PESO 132,60 (30 kg × 0,85 less)              + the same 61,63                    = 194,23 ÷ 0,88 = 220,72
// Stored the old way (no cubed weight) its audit expects the 150 kg price and is Divergente (28,97 above); after
// the task it expects 249,69 and is Aprovada.

let t: TestApp;
let admin: Api;
let operador: Api;
let embarcadorUid: string;
let rapido: string;
const hoje = hojeSaoPaulo();
const carga = { origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3304557' }, valorMercadoria: 10000, documentos: 1 };
const NOMES: Record<string, string> = { FRETE_PESO: 'FRETE PESO', FRETE_VALOR: 'AD VALOREM', GRIS: 'GRIS', PEDAGIO: 'PEDAGIO', TAS: 'TAS', DESPACHO: 'TAXAS' };

async function cotacao(pesoKg: number) {
  const r = await admin.post('/api/v1/calculadora/calcular', { ...carga, pesoKg, transportadorUids: [rapido] });
  expect(r.status, r.text).toBe(200);
  return r.body.data.cotacoes[0];
}

/** A CT-e saved as before 0067: the XML kept, its columns read by today's parser but without the two weights. */
async function cteAntigo(numero: number, infQ: [string, string, string][], cotado: { componentes: { componente: string; valor: number }[]; valorSemIcms: number; total: number; ajusteMinimo?: number }) {
  const comps = [...componentesEsperados({ calculado: true, fonte: 'TABELA', descricao: '', aliquotaIcms: 12, icms: 0, ...cotado }, false)]
    .map(([codigo, v]) => ({ nome: NOMES[codigo]!, valor: v.toFixed(2) }));
  const { xml } = cteXml({ numero, emitente: '60746948000112', emissao: `${hoje}T12:00:00-03:00`, infQ, componentes: comps });
  const lida = lerArquivoCte(xml);
  if (lida.tipo !== 'cte') throw new Error('fixture');
  const [c] = await t.db.insert(ctes).values({
    ...colunasCte(lida, false), embarcadorUid, transportadorUid: rapido, pesoCubado: null, pesoBaseCalculo: null,
    // The old parser took the first kg measure when none was PESO BRUTO.
    pesoCarga: infQ[0]![2], valorCarga: '10000',
  }).returning();
  await t.db.insert(cteComponentes).values(comps.map((x, i) => ({ cteUid: c!.uid, ordem: i + 1, nome: x.nome, valor: x.valor })));
  await t.db.transaction(async (tx) => {
    await guardarXml(tx, { documentoUid: c!.uid, embarcadorUid, tipo: 'cte', nome: `cte-${numero}.xml`, xml: Buffer.from(xml) });
    await auditarCte(tx, embarcadorUid, c!.uid);
  });
  return c!;
}
const auditoria = async (cteUid: string) => (await admin.get('/api/v1/auditorias', { ftr_cteUid: cteUid })).body.data.data[0];
const doBanco = async (uid: string) => (await t.db.select().from(ctes).where(eq(ctes.uid, uid)))[0]!;

async function reprocessar(body: Record<string, unknown>, api = admin) {
  const r = await api.post('/api/v1/documentos/ctes/reprocessar-pesos', body);
  expect(r.status, r.text).toBe(200);
  const tarefa = await aguardarTarefa(admin, r.body.data.uid);
  return { tarefa, itens: await itensDaTarefa(admin, r.body.data.uid) };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await as(t.app, 'admin@demo.com.br');
  operador = await as(t.app, 'operador@demo.com.br');
  embarcadorUid = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
  rapido = (await t.db.select().from(transportadores).where(eq(transportadores.nomeFantasia, 'Rápido Sul')))[0]!.uid;
});
afterAll(() => t?.close());

describe('reprocessar os pesos dos CT-e importados antes da migração 0067', () => {
  it('CT-e antigo ganha peso cubado e base de cálculo do XML guardado, e a re-auditoria passa a esperar o peso cubado', async () => {
    const c180 = await cotacao(180);
    expect(c180).toMatchObject({ tabelaNome: 'Rápido Sul - Sudeste/Sul', total: 249.69, valorSemIcms: 219.73 });
    expect(await cotacao(150)).toMatchObject({ tabelaNome: 'Rápido Sul - Sudeste/Sul', total: 220.72, valorSemIcms: 194.23 });
    const velho = await cteAntigo(7301, [['01', 'PESO BRUTO', '150.0000'], ['01', 'PESO CUBADO', '180.0000'], ['01', 'PESO BASE DE CALCULO', '180.0000']], c180);
    // The "old parser" case: the cubed measure came first and was taken as the cargo weight.
    const trocado = await cteAntigo(7302, [['01', 'PESO CUBADO', '180.0000'], ['01', 'PESO AFERIDO', '150.0000']], c180);
    const antes = await auditoria(velho.uid);
    expect(antes).toMatchObject({ status: 2, valorCobrado: 249.69, valorEsperado: 220.72, diferenca: 28.97 });
    expect(antes.resumo).toContain('SP → RJ, 150 kg');

    const { tarefa, itens } = await reprocessar({ dataInicio: hoje, dataFim: hoje });
    expect(tarefa).toMatchObject({ status: 3, tipo: 'reprocessar-pesos-cte', erros: 0 });
    const item = (n: number) => itens.find((i) => i.nome === `CT-e ${n}/1`)!;
    expect(item(7301).mensagem).toBe('Preenchido: peso cubado 180 kg; peso base de cálculo 180 kg. Auditoria refeita: Aprovada.');
    expect(item(7302).mensagem).toBe('Preenchido: peso cubado 180 kg; peso da carga 180 kg → 150 kg. Auditoria refeita: Aprovada.');

    expect(await doBanco(velho.uid)).toMatchObject({ pesoCarga: '150.0000', pesoCubado: '180.0000', pesoBaseCalculo: '180.0000' });
    expect(await doBanco(trocado.uid)).toMatchObject({ pesoCarga: '150.0000', pesoCubado: '180.0000', pesoBaseCalculo: null });
    const depois = await auditoria(velho.uid);
    expect(depois).toMatchObject({ status: 1, valorCobrado: 249.69, valorEsperado: 249.69, diferenca: 0 });
    expect(depois.resumo).toContain('SP → RJ, 180 kg');
    // The declared base weight is compared now (it was unknown before): 180 kg = the table's taxed weight.
    expect(antes.linhas.some((l: { tipo: string }) => l.tipo === 'PESO_BASE')).toBe(false);
    expect(depois.linhas.find((l: { tipo: string }) => l.tipo === 'PESO_BASE')).toMatchObject({ cobrado: 180, esperado: 180, situacao: 'OK' });
    // The CT-e's page shows them; the audit trail says what changed.
    expect((await admin.get(`/api/v1/documentos/ctes/${velho.uid}`)).body.data).toMatchObject({ pesoCubado: 180, pesoBaseCalculo: 180, pesoCarga: 150 });
    const trilha = await admin.get('/api/v1/auditoria-sistema', { ftr_registroUid: trocado.uid });
    expect(JSON.stringify(trilha.body.data.data)).toContain('reprocessar-pesos');

    // Run again: nothing left without weights among these (7302 has a cubed weight now).
    const outra = await reprocessar({ dataInicio: hoje, dataFim: hoje });
    expect(outra.itens.map((i) => i.nome)).not.toContain('CT-e 7301/1');
  });

  it('sem re-auditoria, só grava; um XML sem esses pesos é informado; fora do período não entra', async () => {
    const c = await cotacao(150);
    const semPesos = await cteAntigo(7303, [['01', 'PESO BRUTO', '150.0000']], c);
    const antes = await auditoria(semPesos.uid);
    const { itens } = await reprocessar({ dataInicio: hoje, dataFim: hoje, reauditar: false });
    expect(itens.find((i) => i.nome === 'CT-e 7303/1')).toMatchObject({ status: 4, mensagem: 'O XML não traz peso cubado nem peso base de cálculo: nada a preencher.' });
    expect((await auditoria(semPesos.uid)).auditadaEm).toBe(antes.auditadaEm);
    const velho = await cteAntigo(7304, [['01', 'PESO BRUTO', '150.0000'], ['01', 'PESO CUBADO', '180.0000']], await cotacao(180));
    const auditadaEm = (await auditoria(velho.uid)).auditadaEm;
    const ontem = new Date(Date.parse(`${hoje}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await reprocessar({ dataInicio: '2020-01-01', dataFim: ontem })).itens.map((i) => i.nome)).not.toContain('CT-e 7304/1');
    const { itens: i2 } = await reprocessar({ reauditar: false });
    expect(i2.find((i) => i.nome === 'CT-e 7304/1')).toMatchObject({ status: 2, mensagem: 'Preenchido: peso cubado 180 kg.' });
    expect((await auditoria(velho.uid)).auditadaEm).toBe(auditadaEm);
  });

  it('schema, permissão e escopo', async () => {
    const datas = await admin.post('/api/v1/documentos/ctes/reprocessar-pesos', { dataInicio: '2026-02-10', dataFim: '2026-02-01' });
    expect(datas.status).toBe(400);
    expect(datas.body.errors).toEqual([{ field: 'dataFim', message: 'A data final deve ser igual ou posterior à inicial.' }]);
    const bad = await admin.post('/api/v1/documentos/ctes/reprocessar-pesos', { dataInicio: '10/02/2026', reauditar: 'sim' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['dataInicio', 'reauditar']);
    // The operator reads CT-es but does not change them.
    expect((await operador.post('/api/v1/documentos/ctes/reprocessar-pesos', {})).status).toBe(403);
    // Another shipper's task reaches none of these CT-es.
    const outro = await as(t.app, 'admin@outro.com.br');
    const r = await outro.post('/api/v1/documentos/ctes/reprocessar-pesos', {});
    expect(r.status, r.text).toBe(200);
    const tarefa = await aguardarTarefa(outro, r.body.data.uid);
    expect(tarefa).toMatchObject({ total: 0, mensagem: '0 de 0 itens processados.' });
  });

  it('CT-e só do CONEMB (sem XML): fora da tarefa, e a mensagem da tarefa diz por quê', async () => {
    await t.db.insert(ctes).values({
      embarcadorUid, chave: 'EDI60746948000112001000007399', numero: 7399, serie: 1, emissao: `${hoje}T03:00:00.000Z`, emissaoTexto: `${hoje}T00:00:00-03:00`,
      emitenteDocumento: '60746948000112', valorPrestacao: '100.00', pesoCarga: '150', origemDocumento: 'EDI', chaveValida: false, transportadorUid: rapido,
    });
    const { tarefa, itens } = await reprocessar({ dataInicio: hoje, dataFim: hoje });
    expect(itens.map((i) => i.nome)).not.toContain('CT-e 7399/1');
    expect(tarefa.mensagem).toContain('1 CT-e(s) recebido(s) só pelo CONEMB ficam sem peso cubado e base de cálculo: o CONEMB 3.0 não os traz (só o peso transportado)');
  });
});
