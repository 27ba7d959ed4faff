import { ITEM_TAREFA_STATUS as ITEM, MSG, TAREFA_STATUS as ST } from '@fretio/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { arquivos, tarefaItens, tarefas } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { aposCommit } from '../eventos.ts';
import type { Tx } from '../resource.ts';
import { cederVez, fatias } from '../../lib/lotes.ts';
import { tarefaEncerrada } from './encerramento.ts';
import { cancelarPendentes, contarItens, inserirItens, proximosItens, renovar } from './fila.ts';
import type { ItemEmExecucao, ItemNovo, ResultadoItem, TarefaEmExecucao, TipoTarefa } from './tipo.ts';

// Runs one claimed task to its end: expand (once), then each pending item in its own transaction,
// checking between items whether it was cancelled or taken over, then close it with its counts.

type Linha = typeof tarefas.$inferSelect;
class PerdeuATarefa extends Error {}

const LOTE_ITENS = 50;
/** Groups (itensPorTransacao) read from the queue at once: the next one's `buscar` overlaps this one's transaction. */
const GRUPOS_POR_LEITURA = 4;
/** Groups saved at the same time on PostgreSQL (one connection each). */
const GRUPOS_SIMULTANEOS = Number(process.env.TAREFA_GRUPOS_SIMULTANEOS ?? 2);
/** `buscar` calls in flight for a group (the parse pool queues a few per worker). */
const BUSCAS_SIMULTANEAS = 4;
/** What the end-of-task hooks receive (encerramento.ts). */
const FIM = { uid: tarefas.uid, tipo: tarefas.tipo, embarcadorUid: tarefas.embarcadorUid, usuarioUid: tarefas.usuarioUid, status: tarefas.status, mensagem: tarefas.mensagem };

const mensagemDe = (e: unknown) => {
  if (!(e instanceof AppError)) return MSG.erroProcessarRegistro;
  const campos = e.errors?.map((f) => f.message).filter((m) => m !== e.message) ?? [];
  return [e.message, ...campos].join(' ');
};

/** `parar`: the instance is shutting down; the task goes back to the queue after the current item. */
export async function executarTarefa(app: FastifyInstance, tipo: TipoTarefa, linha: Linha, trabalhador: string, parar: () => boolean) {
  const { db, log } = app;
  const tarefa: TarefaEmExecucao = { uid: linha.uid, embarcadorUid: linha.embarcadorUid, usuarioUid: linha.usuarioUid, parametros: linha.parametros, app, storage: app.storage };
  try {
    if (!linha.preparada) await preparar(db, tipo, tarefa);
    let cancelar = linha.cancelar;
    const porTransacao = Math.max(1, tipo.itensPorTransacao ?? 1);
    // Groups are saved SIMULTANEOS at a time on PostgreSQL (each its own connection and transaction), so the
    // database works on one group while the next is being sent; PGlite has one connection: one at a time.
    const simultaneos = app.database?.kind === 'postgres' ? GRUPOS_SIMULTANEOS : 1;
    const emVoo = new Set<Promise<void>>();
    const falhou: { erro?: unknown; sim: boolean } = { sim: false };
    const esvaziar = async () => {
      await Promise.all(emVoo);
      if (falhou.sim) throw falhou.erro;
    };
    const salvarGrupo = async (grupo: ItemEmExecucao[], buscados: Map<string, Buscado> | undefined) => {
      try {
        return await processarGrupo(db, log, tipo, tarefa, grupo, trabalhador, buscados);
      } catch (e) {
        if (e instanceof PerdeuATarefa) throw e;
        // The group's transaction failed as a whole: its items run again one by one (each its own transaction).
        log.warn({ err: e, tarefa: tarefa.uid, tipo: tipo.tipo }, 'grupo de itens falhou; refeito item a item');
        for (const item of grupo) if (await processarItem(db, log, tipo, tarefa, item, trabalhador, buscados?.get(item.uid))) return true;
        return false;
      }
    };
    grupos: while (!cancelar && porTransacao > 1) {
      const grupos = fatias(await proximosItens(db, tarefa.uid, porTransacao * GRUPOS_POR_LEITURA), porTransacao);
      if (!grupos.length) break;
      // With `buscar`, the next group is fetched (parsed) while the current ones' transactions run.
      let proximo = tipo.buscar ? buscarGrupo(db, tipo, tarefa, grupos[0]) : undefined;
      for (let g = 0; g < grupos.length; g++) {
        const buscados = await proximo;
        proximo = tipo.buscar && g + 1 < grupos.length ? buscarGrupo(db, tipo, tarefa, grupos[g + 1]) : undefined;
        while (emVoo.size >= simultaneos) await Promise.race(emVoo);
        if (falhou.sim) throw falhou.erro;
        if (cancelar) break grupos;
        const p: Promise<void> = salvarGrupo(grupos[g], buscados)
          .then(
            (c) => {
              if (c) cancelar = true;
            },
            (erro) => {
              if (!falhou.sim) Object.assign(falhou, { sim: true, erro });
            },
          )
          .finally(() => emVoo.delete(p));
        emVoo.add(p);
        if (parar()) {
          await proximo;
          await esvaziar();
          return devolver(db, tarefa.uid, trabalhador);
        }
        await cederVez();
      }
      // The next read of pending items must not see this read's items still being saved.
      await esvaziar();
    }
    await esvaziar();
    while (!cancelar) {
      const itens = await proximosItens(db, tarefa.uid, LOTE_ITENS);
      if (!itens.length) break;
      for (const item of itens) {
        cancelar = await processarItem(db, log, tipo, tarefa, item, trabalhador);
        if (cancelar) break;
        if (parar()) return devolver(db, tarefa.uid, trabalhador);
        await cederVez();
      }
    }
    await encerrar(db, tipo, tarefa, trabalhador, cancelar);
  } catch (e) {
    if (e instanceof PerdeuATarefa) return;
    if (!(e instanceof AppError)) log.error({ err: e, tarefa: tarefa.uid, tipo: tipo.tipo }, 'tarefa falhou');
    await db.transaction(async (tx) => {
      const [fim] = await tx.update(tarefas)
        .set({ status: ST.ERRO, mensagem: e instanceof AppError ? mensagemDe(e) : 'Erro ao processar a tarefa.', concluidoEm: sql`now()`, trabalhador: null })
        .where(and(eq(tarefas.uid, tarefa.uid), eq(tarefas.trabalhador, trabalhador)))
        .returning(FIM);
      await tarefaEncerrada(tx, fim);
    });
  }
}

async function devolver(db: Db, uid: string, trabalhador: string) {
  await db.update(tarefas).set({ status: ST.PENDENTE, trabalhador: null, vivoEm: null })
    .where(and(eq(tarefas.uid, uid), eq(tarefas.trabalhador, trabalhador), eq(tarefas.status, ST.PROCESSANDO)));
}

async function preparar(db: Db, tipo: TipoTarefa, tarefa: TarefaEmExecucao) {
  if (tipo.preparar) {
    await db.delete(tarefaItens).where(eq(tarefaItens.tarefaUid, tarefa.uid));
    let ordem = 0;
    let lote: ItemNovo[] = [];
    const gravar = async () => {
      await inserirItens(db, tarefa.uid, lote, ordem);
      ordem += lote.length;
      lote = [];
      await db.update(tarefas).set({ total: ordem, vivoEm: sql`now()` }).where(eq(tarefas.uid, tarefa.uid));
    };
    for await (const item of await tipo.preparar(db, tarefa)) {
      lote.push(item);
      if (lote.length >= 500) await gravar();
    }
    if (lote.length) await gravar();
  }
  await db.update(tarefas).set({ preparada: true }).where(eq(tarefas.uid, tarefa.uid));
}

type Buscado = { valor?: unknown; erro?: unknown };

/** `buscar` of a group's items, at most BUSCAS_SIMULTANEAS at a time; never rejects (an item's error is kept for it). */
async function buscarGrupo(db: Db, tipo: TipoTarefa, tarefa: TarefaEmExecucao, itens: ItemEmExecucao[]) {
  const out = new Map<string, Buscado>();
  let i = 0;
  const vez = async () => {
    while (i < itens.length) {
      const item = itens[i++];
      try {
        out.set(item.uid, { valor: await tipo.buscar?.(db, tarefa, item) });
      } catch (erro) {
        out.set(item.uid, { erro });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BUSCAS_SIMULTANEAS, itens.length) }, vez));
  return out;
}

/** One item in one transaction with its progress; answers whether the task was asked to stop. */
async function processarItem(db: Db, log: FastifyInstance['log'], tipo: TipoTarefa, tarefa: TarefaEmExecucao, item: ItemEmExecucao, trabalhador: string, jaBuscado?: Buscado) {
  let buscado: unknown = jaBuscado?.valor;
  let erroBusca: unknown = jaBuscado?.erro;
  if (tipo.buscar && !jaBuscado) {
    try {
      buscado = await tipo.buscar(db, tarefa, item);
    } catch (e) {
      erroBusca = e;
    }
  }
  // Events the item queued (framework/eventos.ts) go out only once its transaction committed.
  let savepoint: object | null = null;
  try {
    const r = await db.transaction(async (tx) => {
      const fim = await processarNaTransacao(tx, log, tipo, tarefa, item, trabalhador, buscado, erroBusca, (sp) => {
        savepoint = sp;
      });
      return fim;
    });
    if (savepoint) aposCommit(savepoint);
    return r;
  } catch (e) {
    if (savepoint) aposCommit(savepoint, false);
    throw e;
  }
}

/**
 * A group of items in one transaction (TipoTarefa.itensPorTransacao): each in its own savepoint, its
 * status/message written in one statement for the group, the progress once; answers whether to stop.
 */
async function processarGrupo(db: Db, log: FastifyInstance['log'], tipo: TipoTarefa, tarefa: TarefaEmExecucao, itens: ItemEmExecucao[], trabalhador: string, buscados?: Map<string, Buscado>) {
  const savepoints: { sp: object; ok: boolean }[] = [];
  try {
    const r = await db.transaction(async (tx) => {
      const atuais = await tx.select({ uid: tarefaItens.uid, status: tarefaItens.status }).from(tarefaItens)
        .where(inArray(tarefaItens.uid, itens.map((i) => i.uid))).for('update');
      const pendentes = new Set(atuais.filter((a) => a.status === ITEM.PENDENTE).map((a) => a.uid));
      const feitos: { uid: string; status: number; mensagem: string | null; registroUid: string | null }[] = [];
      const situacao = (r: ResultadoItem) => (r.situacao === 'aviso' ? ITEM.AVISO : r.situacao === 'ignorado' ? ITEM.IGNORADO : ITEM.OK);
      const aFazer = itens.filter((i) => pendentes.has(i.uid));
      // The type saves the whole group in bulk statements (events it queues go out with the transaction).
      const emLote = tipo.processarGrupo && !buscados && aFazer.length ? await tipo.processarGrupo(tx, tarefa, aFazer) : null;
      if (emLote) {
        savepoints.push({ sp: tx, ok: true });
        aFazer.forEach((item, k) => {
          const r = emLote[k];
          if (r instanceof Error) {
            if (!(r instanceof AppError)) log.error({ err: r, tarefa: tarefa.uid, item: item.ordem }, 'item de tarefa falhou');
            feitos.push({ uid: item.uid, status: ITEM.ERRO, mensagem: mensagemDe(r), registroUid: null });
          } else feitos.push({ uid: item.uid, status: situacao(r), mensagem: r.mensagem ?? null, registroUid: r.registroUid ?? null });
        });
      }
      for (const item of emLote ? [] : aFazer) {
        const marca = { sp: {} as object, ok: false };
        savepoints.push(marca);
        try {
          const b = buscados?.get(item.uid);
          if (b && 'erro' in b) throw b.erro;
          const res = await tx.transaction((sp) => {
            marca.sp = sp;
            return tipo.processar(sp, tarefa, item, b?.valor);
          });
          marca.ok = true;
          feitos.push({ uid: item.uid, status: situacao(res), mensagem: res.mensagem ?? null, registroUid: res.registroUid ?? null });
        } catch (e) {
          if (!(e instanceof AppError)) log.error({ err: e, tarefa: tarefa.uid, item: item.ordem }, 'item de tarefa falhou');
          feitos.push({ uid: item.uid, status: ITEM.ERRO, mensagem: mensagemDe(e), registroUid: null });
        }
      }
      if (!feitos.length) return false;
      const valores = sql.join(feitos.map((f) => sql`(${f.uid}::uuid, ${f.status}::smallint, ${f.mensagem}::text, ${f.registroUid}::text)`), sql`, `);
      await tx.execute(sql`update ${tarefaItens} set status = v.status, mensagem = v.mensagem, registro_uid = v.registro_uid, processado_em = now()
        from (values ${valores}) as v(uid, status, mensagem, registro_uid) where ${tarefaItens.uid} = v.uid`);
      const [t] = await tx.update(tarefas)
        .set({
          processados: sql`${tarefas.processados} + ${feitos.length}`,
          erros: sql`${tarefas.erros} + ${feitos.filter((f) => f.status === ITEM.ERRO).length}`,
          avisos: sql`${tarefas.avisos} + ${feitos.filter((f) => f.status === ITEM.AVISO).length}`,
          vivoEm: sql`now()`,
        })
        .where(and(eq(tarefas.uid, tarefa.uid), eq(tarefas.trabalhador, trabalhador), eq(tarefas.status, ST.PROCESSANDO)))
        .returning({ cancelar: tarefas.cancelar });
      if (!t) throw new PerdeuATarefa();
      return t.cancelar;
    });
    for (const m of savepoints) aposCommit(m.sp, m.ok);
    return r;
  } catch (e) {
    for (const m of savepoints) aposCommit(m.sp, false);
    throw e;
  }
}

async function processarNaTransacao(
  tx: Tx,
  log: FastifyInstance['log'],
  tipo: TipoTarefa,
  tarefa: TarefaEmExecucao,
  item: ItemEmExecucao,
  trabalhador: string,
  buscado: unknown,
  erroBusca: unknown,
  aoAbrir: (sp: object) => void,
) {
  {
    // Locked first: a worker that lost its lease and one that took over never both process the item.
    const [atual] = await tx.select({ status: tarefaItens.status }).from(tarefaItens).where(eq(tarefaItens.uid, item.uid)).for('update');
    if (atual?.status !== ITEM.PENDENTE) return false;
    let status: number = ITEM.OK;
    let mensagem: string | null = null;
    let registroUid: string | null = null;
    try {
      // A savepoint: an item that fails leaves nothing behind, and its error is still recorded.
      if (erroBusca) throw erroBusca;
      const r = await tx.transaction((sp) => {
        aoAbrir(sp);
        return tipo.processar(sp, tarefa, item, buscado);
      });
      status = r.situacao === 'aviso' ? ITEM.AVISO : r.situacao === 'ignorado' ? ITEM.IGNORADO : ITEM.OK;
      mensagem = r.mensagem ?? null;
      registroUid = r.registroUid ?? null;
    } catch (e) {
      if (!(e instanceof AppError)) log.error({ err: e, tarefa: tarefa.uid, item: item.ordem }, 'item de tarefa falhou');
      status = ITEM.ERRO;
      mensagem = mensagemDe(e);
      aoAbrir({}); // the rolled-back savepoint's events are dropped
    }
    await tx.update(tarefaItens).set({ status, mensagem, registroUid, processadoEm: sql`now()` }).where(eq(tarefaItens.uid, item.uid));
    const [t] = await tx.update(tarefas)
      .set({
        processados: sql`${tarefas.processados} + 1`,
        erros: sql`${tarefas.erros} + ${status === ITEM.ERRO ? 1 : 0}`,
        avisos: sql`${tarefas.avisos} + ${status === ITEM.AVISO ? 1 : 0}`,
        vivoEm: sql`now()`,
      })
      .where(and(eq(tarefas.uid, tarefa.uid), eq(tarefas.trabalhador, trabalhador), eq(tarefas.status, ST.PROCESSANDO)))
      .returning({ cancelar: tarefas.cancelar });
    if (!t) throw new PerdeuATarefa();
    return t.cancelar;
  }
}

async function encerrar(db: Db, tipo: TipoTarefa, tarefa: TarefaEmExecucao, trabalhador: string, cancelada: boolean) {
  if (!(await renovar(db, tarefa.uid, trabalhador))) throw new PerdeuATarefa();
  let arquivo: { uid: string; nome: string } | null = null;
  let extra: string | undefined;
  const c = await contarItens(db, tarefa.uid);
  if (cancelada) await cancelarPendentes(db, tarefa.uid);
  else if (tipo.concluir) {
    const r = await tipo.concluir(db, tarefa);
    extra = r?.mensagem;
    if (r?.arquivo) {
      const a = r.arquivo;
      const [criado] = await db.insert(arquivos)
        .values({ embarcadorUid: tarefa.embarcadorUid, tipo: 'tarefa', nome: a.nome, tipoConteudo: a.tipoConteudo, tamanho: a.tamanho, chave: a.chave, criadoPor: tarefa.usuarioUid })
        .returning({ uid: arquivos.uid });
      arquivo = { uid: criado.uid, nome: a.nome };
    }
  }
  const feitos = c.total - c.pendentes;
  const status = cancelada ? ST.CANCELADA : c.erros === 0 ? ST.CONCLUIDA : c.erros === c.total ? ST.ERRO : ST.CONCLUIDA_COM_ERROS;
  const resumo = cancelada
    ? `Cancelada: ${feitos - c.erros} de ${c.total} itens foram processados e continuam salvos.`
    : `${c.total - c.erros} de ${c.total} itens processados${c.erros ? `, ${c.erros} com erro` : ''}${c.avisos ? `, ${c.avisos} com aviso` : ''}.`;
  await db.transaction(async (tx) => {
    const [fim] = await tx.update(tarefas)
      .set({
        status, erros: c.erros, avisos: c.avisos, total: c.total, mensagem: extra ? `${resumo} ${extra}` : resumo,
        ...(arquivo ? { arquivo } : {}), concluidoEm: sql`now()`, trabalhador: null,
      })
      .where(and(eq(tarefas.uid, tarefa.uid), eq(tarefas.trabalhador, trabalhador)))
      .returning(FIM);
    await tarefaEncerrada(tx, fim);
  });
}
