import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logsOperacao, tarefaItens, tarefas } from '../../db/schema/index.ts';
import { AppError, criarTarefa, defineTipoTarefa } from '../../framework/tarefas/index.ts';
import { acordarTrabalhadores } from '../../framework/tarefas/sinal.ts';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { aguardarTarefa, itensDaTarefa } from '../../../test/support/tarefas.ts';

// The queue through the API: items each in its own transaction, a failed item leaves nothing behind,
// re-running only the failed ones, cancelling, deleting only finished tasks, a dead worker's task taken over.

type Ref = { falhar?: number; aviso?: boolean; ignorar?: boolean; cancelarAqui?: boolean };
const falhas = new Map<string, number>();

const tipoTeste = defineTipoTarefa<{ rotulo: string }>({
  tipo: 'teste-fila',
  nome: 'Teste da fila',
  recurso: 'logs',
  async processar(tx, tarefa, item) {
    const ref = (item.ref ?? {}) as Ref;
    await tx.insert(logsOperacao).values({ embarcadorUid: tarefa.embarcadorUid, nivel: 'info', origem: 'teste-fila', mensagem: `${tarefa.uid}:${item.nome}` });
    const chave = `${tarefa.uid}:${item.nome}`;
    if (ref.falhar && (falhas.get(chave) ?? ref.falhar) > 0) {
      falhas.set(chave, (falhas.get(chave) ?? ref.falhar) - 1);
      throw AppError.field('linha', `Linha ${item.nome}: valor inválido`);
    }
    if (ref.cancelarAqui) await tx.update(tarefas).set({ cancelar: true }).where(eq(tarefas.uid, tarefa.uid));
    if (ref.aviso) return { situacao: 'aviso', mensagem: 'Peso ausente: mantido em branco.' };
    if (ref.ignorar) return { situacao: 'ignorado', mensagem: 'Já importada.' };
    return { situacao: 'ok', registroUid: item.nome };
  },
});

describe('fila de tarefas', () => {
  let t: TestApp;
  let admin: Api;
  let outro: Api;
  let embarcadorUid: string;
  let usuarioUid: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await as(t.app, 'admin@demo.com.br');
    outro = await as(t.app, 'admin@outro.com.br');
    const perfil = (await admin.get('/api/v1/perfil')).body.data;
    embarcadorUid = perfil.embarcadorAtivo.uid;
    usuarioUid = perfil.uid;
  });
  afterAll(() => t?.close());

  const criar = (itens: { nome: string; ref?: Ref }[]) => criarTarefa(t.db, { embarcadorUid, usuarioUid }, tipoTeste, { rotulo: 'x' }, itens);
  const salvos = async (uid: string) =>
    (await t.db.select({ m: logsOperacao.mensagem }).from(logsOperacao).where(sql`${logsOperacao.mensagem} like ${`${uid}:%`}`)).map((r) => r.m.split(':')[1]).sort();

  it('processa cada item, relata erros e avisos por item e não deixa nada do item que falhou', async () => {
    const uid = await criar([{ nome: 'a' }, { nome: 'b', ref: { falhar: 1 } }, { nome: 'c', ref: { aviso: true } }, { nome: 'd', ref: { ignorar: true } }]);
    const fim = await aguardarTarefa(admin, uid);
    expect(fim).toMatchObject({ status: 4, total: 4, processados: 4, erros: 1, avisos: 1, tipoNome: 'Teste da fila', usuarioUid });
    expect(fim.mensagem).toBe('3 de 4 itens processados, 1 com erro, 1 com aviso.');
    const itens = await itensDaTarefa(admin, uid);
    expect(itens.map((i) => [i.ordem, i.nome, i.status, i.mensagem])).toEqual([
      [1, 'a', 2, null], [2, 'b', 5, 'Linha b: valor inválido'], [3, 'c', 3, 'Peso ausente: mantido em branco.'], [4, 'd', 4, 'Já importada.'],
    ]);
    expect((await itensDaTarefa(admin, uid, { ftr_status: 5 })).map((i) => i.nome)).toEqual(['b']);
    // The failed item's write was rolled back with it.
    expect(await salvos(uid)).toEqual(['a', 'c', 'd']);

    // Re-running processes only the failed item; what was saved is not done again.
    const re = await admin.get(`/api/v1/fila-tarefas/${uid}/reprocessar`);
    expect(re.status).toBe(200);
    const depois = await aguardarTarefa(admin, uid);
    expect(depois).toMatchObject({ status: 3, erros: 0, processados: 4 });
    expect(await salvos(uid)).toEqual(['a', 'b', 'c', 'd']);
    // Nothing left to re-run: 409, and a finished task can be deleted (with its report).
    expect((await admin.get(`/api/v1/fila-tarefas/${uid}/reprocessar`)).status).toBe(409);
    expect((await admin.delete(`/api/v1/fila-tarefas/${uid}`)).status).toBe(200);
    expect((await t.db.select().from(tarefaItens).where(eq(tarefaItens.tarefaUid, uid))).length).toBe(0);
  });

  it('uma tarefa em que todos os itens falham termina em Erro', async () => {
    const uid = await criar([{ nome: 'x', ref: { falhar: 9 } }, { nome: 'y', ref: { falhar: 9 } }]);
    expect(await aguardarTarefa(admin, uid)).toMatchObject({ status: 5, erros: 2 });
  });

  it('cancelada durante o processamento, pára entre dois itens e relata o que ficou salvo', async () => {
    const uid = await criar([{ nome: '1' }, { nome: '2', ref: { cancelarAqui: true } }, { nome: '3' }, { nome: '4' }]);
    const fim = await aguardarTarefa(admin, uid);
    expect(fim).toMatchObject({ status: 6, cancelamentoSolicitado: true });
    expect(fim.mensagem).toBe('Cancelada: 2 de 4 itens foram processados e continuam salvos.');
    expect((await itensDaTarefa(admin, uid)).map((i) => i.status)).toEqual([2, 2, 6, 6]);
    expect(await salvos(uid)).toEqual(['1', '2']);
    // Deleting is allowed once finished; re-running a cancelled task processes the items it did not reach.
    expect((await admin.get(`/api/v1/fila-tarefas/${uid}/reprocessar`)).status).toBe(200);
    expect(await aguardarTarefa(admin, uid)).toMatchObject({ status: 3 });
    expect(await salvos(uid)).toEqual(['1', '2', '3', '4']);
  });

  it('a tarefa de um trabalhador que morreu é retomada de onde parou, sem repetir itens', async () => {
    const [tarefa] = await t.db.insert(tarefas).values({
      embarcadorUid, usuarioUid, tipo: 'teste-fila', status: 2, preparada: true, total: 4, processados: 2,
      trabalhador: 'maquina-que-caiu:1', vivoEm: sql`now() - interval '10 minutes'`, iniciadoEm: sql`now() - interval '11 minutes'`,
    }).returning();
    await t.db.insert(tarefaItens).values([
      { tarefaUid: tarefa.uid, ordem: 0, nome: 'p', status: 2 }, { tarefaUid: tarefa.uid, ordem: 1, nome: 'q', status: 2 },
      { tarefaUid: tarefa.uid, ordem: 2, nome: 'r' }, { tarefaUid: tarefa.uid, ordem: 3, nome: 's' },
    ]);
    acordarTrabalhadores();
    expect(await aguardarTarefa(admin, tarefa.uid)).toMatchObject({ status: 3, processados: 4, total: 4 });
    expect(await salvos(tarefa.uid)).toEqual(['r', 's']);
  });

  it('uma tarefa que ainda corre ou espera não é excluída; cancelar uma pendente a encerra já', async () => {
    // A running task held by a live worker elsewhere (fresh lease): nobody here takes it.
    const [rodando] = await t.db.insert(tarefas).values({ embarcadorUid, tipo: 'teste-fila', status: 2, preparada: true, trabalhador: 'outra-instancia:9', vivoEm: sql`now() + interval '1 hour'` }).returning();
    const apagar = await admin.delete(`/api/v1/fila-tarefas/${rodando.uid}`);
    expect(apagar.status).toBe(409);
    expect(apagar.body.code).toBe('TAREFA_EM_ANDAMENTO');
    const c = await admin.get(`/api/v1/fila-tarefas/${rodando.uid}/cancelar`);
    expect(c.status).toBe(200);
    expect(c.body.data).toMatchObject({ status: 2, cancelamentoSolicitado: true });
    await t.db.update(tarefas).set({ status: 3 }).where(eq(tarefas.uid, rodando.uid));
    const deNovo = await admin.get(`/api/v1/fila-tarefas/${rodando.uid}/cancelar`);
    expect(deNovo.status).toBe(409);
    expect(deNovo.body.message).toBe("Não é permitido mudar o status de 'Concluída' para 'Cancelada'.");
  });

  it('lista só as tarefas do embarcador ativo; a de outro é 404', async () => {
    const uid = await criar([{ nome: 'z' }]);
    await aguardarTarefa(admin, uid);
    const lista = await admin.get('/api/v1/fila-tarefas', { ftr_tipo: 'teste-fila', sso: 'DESC' });
    expect(lista.body.data.data.map((x: { uid: string }) => x.uid)).toContain(uid);
    expect((await outro.get(`/api/v1/fila-tarefas/${uid}`)).status).toBe(404);
    expect((await outro.get(`/api/v1/fila-tarefas/${uid}/itens`)).status).toBe(404);
    expect((await outro.get('/api/v1/fila-tarefas', { ftr_tipo: 'teste-fila' })).body.data.totalRecords).toBe(0);
    const [linha] = await t.db.select().from(tarefas).where(and(eq(tarefas.uid, uid)));
    expect(linha.trabalhador).toBeNull();
  });
  it('uma tarefa e seus itens entram na fila juntos: se os itens não podem ser gravados, não fica tarefa vazia', async () => {
    const antes = (await t.db.select({ n: sql<number>`count(*)::int` }).from(tarefas).where(eq(tarefas.tipo, 'teste-fila')))[0].n;
    // A NUL character cannot be stored in PostgreSQL text: the items' insert fails after the task's.
    await expect(criar([{ nome: 'ok' }, { nome: 'nul\u0000' }])).rejects.toThrow();
    const depois = (await t.db.select({ n: sql<number>`count(*)::int` }).from(tarefas).where(eq(tarefas.tipo, 'teste-fila')))[0].n;
    expect(depois).toBe(antes);
  });
});
