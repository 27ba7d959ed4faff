import { parentPort } from 'node:worker_threads';
import { ArquivoRecusado } from './limites.ts';
import { type Tarefa, executarTarefa } from './leitor.ts';

// The parse worker's loop: one task at a time; answers {ok} or {recusado: message} for a refused
// file, or {falha} for anything else (the pool turns that into a generic 400).
parentPort?.on('message', async (t: Tarefa) => {
  try {
    parentPort?.postMessage({ ok: await executarTarefa(t) });
  } catch (e) {
    if (e instanceof ArquivoRecusado) parentPort?.postMessage({ recusado: e.message });
    else parentPort?.postMessage({ falha: (e as Error)?.name ?? 'Error' });
  }
});
