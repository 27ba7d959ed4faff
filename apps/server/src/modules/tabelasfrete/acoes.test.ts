import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { auditoriaSistema, transportadores } from '../../db/schema/index.ts';

// Declared actions of the freight table: status by the state machine (409 naming both statuses,
// code TRANSICAO_INVALIDA, nothing written), the whole-table copy in one call, audit rows.
let t: TestApp;
let admin: Api, outro: Api, operador: Api;
let rapido: string;
const T = '/api/v1/tabelasfrete';

async function tabelaCompleta(nome: string) {
  const tab = (await admin.post(T, { nome, transportadorUid: rapido, vigenciaInicio: '2026-01-01', vigenciaFim: '2026-12-31' })).body.data;
  const rota = (
    await admin.post(`${T}/${tab.uid}/rotas`, { origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'RJ' }, prazoDiasUteis: 2, freteMinimo: 80 })
  ).body.data;
  await admin.post(`${T}/${tab.uid}/rotasComponente`, {
    tabelaRotaUid: rota.uid,
    componente: 'FRETE_PESO',
    base: 'PESO',
    calculo: 'FAIXA',
    faixas: [
      { ate: 100, valor: 90, modo: 'FIXO' },
      { ate: null, valor: 0.85, modo: 'EXCEDENTE' },
    ],
  });
  await admin.post(`${T}/${tab.uid}/generalidades`, { componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO', valor: 4.5 });
  return tab.uid as string;
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, operador] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br', 'operador@demo.com.br'].map((l) => as(t.app, l)));
  rapido = (await t.db.select().from(transportadores)).find((c) => c.nomeFantasia === 'Rápido Sul')?.uid as string;
});
afterAll(() => t?.close());

describe('PUT tabelasfrete/{uid}/atualizarstatus', () => {
  it('Validação → Ativo validates the table; Ativo → Inativo with a justification in the audit trail; an incomplete table is refused', async () => {
    const uid = await tabelaCompleta('Status por ação');
    const ativa = await admin.put(`${T}/${uid}/atualizarstatus`, { status: 1 });
    expect(ativa.status, ativa.text).toBe(200);
    expect(ativa.body.data).toMatchObject({ uid, status: 1 });
    expect((await admin.put(`${T}/${uid}/atualizarstatus`, { status: 2, justificativa: 'Contrato suspenso' })).body.data.status).toBe(2);
    const trilha = await t.db
      .select()
      .from(auditoriaSistema)
      .where(and(eq(auditoriaSistema.registroUid, uid), eq(auditoriaSistema.acao, 'status')));
    expect(trilha.map((a) => [(a.antes as any).status, (a.depois as any).status])).toEqual([
      [3, 1],
      [1, 2],
    ]);
    expect((trilha[1].depois as any).justificativa).toBe('Contrato suspenso');

    // A FAIXA rule without ranges: the engine refuses the activation and nothing changes.
    const incompleta = (await admin.post(T, { nome: 'Incompleta', transportadorUid: rapido, vigenciaInicio: '2026-01-01' })).body.data.uid;
    const rota = (
      await admin.post(`${T}/${incompleta}/rotas`, { origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'UF', uf: 'MG' }, prazoDiasUteis: 3 })
    ).body.data;
    await admin.post(`${T}/${incompleta}/rotasComponente`, { tabelaRotaUid: rota.uid, componente: 'FRETE_PESO', base: 'PESO', calculo: 'FAIXA' });
    const erro = await admin.put(`${T}/${incompleta}/atualizarstatus`, { status: 1 });
    expect(erro.status).toBe(400);
    expect(erro.body.message).toBe('A tabela tem erros e não pode ser ativada: FRETE_PESO: o cálculo FAIXA exige ao menos uma faixa');
    expect((await admin.get(`${T}/${incompleta}`)).body.data.status).toBe(3);
  });

  it('a status outside the set → 400; same status → 200 without a change', async () => {
    const uid = await tabelaCompleta('Status inválido');
    const r = await admin.put(`${T}/${uid}/atualizarstatus`, { status: 9 });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'status', message: 'Deve ser um dos [1, 2, 3]' });
    expect((await admin.put(`${T}/${uid}/atualizarstatus`, { status: 3 })).status).toBe(200);
  });

  it('a historic version refuses the change with 409 TABELA_HISTORICA', async () => {
    const uid = await tabelaCompleta('Histórica');
    expect((await admin.post(`${T}/${uid}/reajustar`, { vigenciaInicio: '2027-01-01', vigenciaFim: null, percentual: 5 })).status).toBe(201);
    const r = await admin.put(`${T}/${uid}/atualizarstatus`, { status: 2 });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('TABELA_HISTORICA');
  });

  it("another shipper's table → 404; the operator without 'alterar' → 403", async () => {
    const uid = await tabelaCompleta('Isolamento de ação');
    expect((await outro.put(`${T}/${uid}/atualizarstatus`, { status: 2 })).status).toBe(404);
    expect((await outro.post(`${T}/${uid}/duplicar`, {})).status).toBe(404);
    expect((await operador.put(`${T}/${uid}/atualizarstatus`, { status: 2 })).status).toBe(403);
  });
});

describe('POST tabelasfrete/{uid}/duplicar', () => {
  it('copies routes, rules, ranges and generalities into a new table in Validação, in one call', async () => {
    const uid = await tabelaCompleta('Original');
    expect((await admin.put(`${T}/${uid}/atualizarstatus`, { status: 1 })).status).toBe(200);
    const res = await admin.post(`${T}/${uid}/duplicar`, {});
    expect(res.status, res.text).toBe(201);
    const copia = res.body.data;
    expect(copia).toMatchObject({ nome: 'Cópia de Original', status: 3, versao: 1, quantidadeRotas: 1 });
    expect(copia.uid).not.toBe(uid);
    const [a, b] = await Promise.all([uid, copia.uid].map(async (u) => (await admin.get(`${T}/${u}`, { par: 'full' })).body.data));
    const forma = (x: any) => ({
      rotas: x.rotas.map((r: any) => [r.origem.uf, r.destino.uf, r.freteMinimo, r.regras.map((g: any) => [g.componente, g.faixas.length])]),
      generalidades: x.generalidades.map((g: any) => [g.componente, g.valor]),
    });
    expect(forma(b)).toEqual(forma(a));
    // The original is untouched; a custom name is kept.
    expect((await admin.get(`${T}/${uid}`)).body.data.status).toBe(1);
    expect((await admin.post(`${T}/${uid}/duplicar`, { nome: 'Nome escolhido' })).body.data.nome).toBe('Nome escolhido');
  });
});
