import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { TAREFA_STATUS as ST } from '@fretio/core';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tarefas } from '../../db/schema/index.ts';
import { executarTarefa } from './executar.ts';
import { LEASE_SEGUNDOS, reivindicar, renovar } from './fila.ts';
import { aoCriarTarefa } from './sinal.ts';
import { tipoDeTarefa } from './tipo.ts';

// The worker of one app instance: up to `concorrencia` tasks at a time, polling the table (other
// instances' tasks) and woken at once by tasks created here. Stopping waits for the current items.

export type OpcoesTrabalhador = { concorrencia: number; intervaloMs: number };

export function criarTrabalhador(app: FastifyInstance, opcoes: OpcoesTrabalhador) {
  const { db, log } = app;
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const emExecucao = new Set<Promise<void>>();
  let parado = true;
  let relogio: NodeJS.Timeout | undefined;
  let buscando = false;
  let deNovo = false;
  let desligar: (() => void) | undefined;

  async function buscar() {
    if (parado) return;
    if (buscando) {
      deNovo = true;
      return;
    }
    buscando = true;
    try {
      do {
        deNovo = false;
        while (!parado && emExecucao.size < opcoes.concorrencia) {
          const linha = await reivindicar(db, id);
          if (!linha) break;
          const p = rodar(linha).finally(() => {
            emExecucao.delete(p);
            void buscar();
          });
          emExecucao.add(p);
        }
      } while (deNovo && !parado);
    } catch (e) {
      if (!parado) log.warn({ err: e }, 'fila de tarefas: falha ao buscar tarefa');
    } finally {
      buscando = false;
    }
  }

  async function rodar(linha: Awaited<ReturnType<typeof reivindicar>> & object) {
    const tipo = tipoDeTarefa(linha.tipo);
    if (!tipo) {
      await db.update(tarefas)
        .set({ status: ST.ERRO, mensagem: `Tipo de tarefa desconhecido: ${linha.tipo}.`, concluidoEm: sql`now()`, trabalhador: null })
        .where(and(eq(tarefas.uid, linha.uid), eq(tarefas.trabalhador, id)));
      return;
    }
    // The lease is renewed while an item takes long (each finished item renews it too).
    const vida = setInterval(() => void renovar(db, linha.uid, id).catch(() => {}), (LEASE_SEGUNDOS * 1000) / 4);
    try {
      await executarTarefa(app, tipo, linha, id, () => parado);
    } catch (e) {
      log.error({ err: e, tarefa: linha.uid }, 'fila de tarefas: tarefa interrompida');
    } finally {
      clearInterval(vida);
    }
  }

  return {
    id,
    iniciar() {
      if (!parado) return;
      parado = false;
      desligar = aoCriarTarefa(() => void buscar());
      relogio = setInterval(() => void buscar(), opcoes.intervaloMs);
      relogio.unref();
      void buscar();
    },
    /** Stops taking tasks and waits for the running ones to reach the end of their current item. */
    async parar() {
      parado = true;
      desligar?.();
      clearInterval(relogio);
      await Promise.allSettled([...emExecucao]);
    },
    ocupado: () => emExecucao.size > 0,
  };
}
