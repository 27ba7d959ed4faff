import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import { LIMITES_PADRAO, type LimitesArquivo } from './limites.ts';
import type { Aba, DocumentoFiscalLido, EntradaCompactada, Tarefa } from './leitor.ts';

// A small pool of parse workers. Each worker has its own heap cap (resourceLimits) and each task a
// deadline: a hostile file costs at most one worker (killed and replaced), never the server. The
// queue is bounded, so a burst of uploads gets 429 "servidor ocupado" instead of piling up memory.

export type OpcoesPool = { tamanho: number; fila: number; timeoutMs: number; memoriaMb: number; limites: LimitesArquivo };
/** A task as callers give it: the pool adds its limits unless the caller brings its own. */
type TarefaSemLimites = Tarefa extends infer T ? (T extends unknown ? Omit<T, 'limites'> & { limites?: LimitesArquivo } : never) : never;
type Pedido = { tarefa: Tarefa; resolve: (v: unknown) => void; reject: (e: unknown) => void };
type Vaga = { worker: Worker; ocupado: boolean };

const BOOT = new URL('./parse-worker-boot.mjs', import.meta.url);
const env = (nome: string, padrao: number) => (process.env[nome] ? Number(process.env[nome]) : padrao);

export const opcoesPadrao = (): OpcoesPool => ({
  tamanho: env('IMPORT_WORKERS', Math.min(2, Math.max(1, availableParallelism() - 1))),
  fila: env('IMPORT_QUEUE', 8),
  timeoutMs: env('IMPORT_TIMEOUT_MS', 60_000),
  memoriaMb: env('IMPORT_WORKER_MB', 256),
  limites: LIMITES_PADRAO,
});

export class PoolLeitura {
  private vagas: Vaga[] = [];
  private fila: Pedido[] = [];
  constructor(readonly opcoes: OpcoesPool = opcoesPadrao()) {}

  /** Runs one task in a worker; 429 when every worker is busy and the queue is full. */
  executar<T = unknown>(tarefa: TarefaSemLimites): Promise<T> {
    const completa = { ...tarefa, limites: tarefa.limites ?? this.opcoes.limites } as Tarefa;
    return new Promise<T>((resolve, reject) => {
      const pedido: Pedido = { tarefa: completa, resolve: resolve as (v: unknown) => void, reject };
      const vaga = this.vagaLivre();
      if (vaga) this.rodar(vaga, pedido);
      else if (this.fila.length < this.opcoes.fila) this.fila.push(pedido);
      else reject(new AppError('RATE_LIMITED', 'Servidor ocupado lendo outros arquivos; tente novamente em instantes.'));
    });
  }

  /** Stops every worker (tests, shutdown); queued tasks fail. */
  async encerrar() {
    for (const p of this.fila.splice(0)) p.reject(new AppError('RATE_LIMITED', 'Servidor encerrando; tente novamente.'));
    await Promise.all(this.vagas.splice(0).map((v) => v.worker.terminate()));
  }

  private vagaLivre(): Vaga | undefined {
    const livre = this.vagas.find((v) => !v.ocupado);
    if (livre || this.vagas.length >= this.opcoes.tamanho) return livre;
    const worker = new Worker(BOOT, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: this.opcoes.memoriaMb } });
    worker.unref(); // an idle worker must not keep the process (or a test run) alive
    const vaga = { worker, ocupado: false };
    // Always listening: an 'error' with no listener would be thrown in the server's thread.
    worker.on('error', () => {});
    worker.on('exit', () => {
      this.vagas = this.vagas.filter((v) => v !== vaga);
    });
    this.vagas.push(vaga);
    return vaga;
  }

  private rodar(vaga: Vaga, pedido: Pedido) {
    vaga.ocupado = true;
    const { worker } = vaga;
    let terminou = false;
    const fim = (descartar: boolean) => {
      terminou = true;
      clearTimeout(relogio);
      worker.off('message', aoMensagem);
      worker.off('error', aoErro);
      worker.off('exit', aoSair);
      if (descartar) {
        this.vagas = this.vagas.filter((v) => v !== vaga);
        void worker.terminate();
      } else vaga.ocupado = false;
      const proximo = this.fila.shift();
      if (proximo) {
        const v = this.vagaLivre();
        if (v) this.rodar(v, proximo);
        else this.fila.unshift(proximo);
      }
    };
    const aoMensagem = (m: { ok?: unknown; recusado?: string; falha?: string }) => {
      fim(false);
      if (m.recusado) pedido.reject(AppError.field('file', m.recusado));
      else if (m.falha) pedido.reject(AppError.field('file', 'Não foi possível ler o arquivo: formato inválido ou corrompido'));
      else pedido.resolve(m.ok);
    };
    const aoErro = (e: Error & { code?: string }) => {
      if (terminou) return;
      fim(true);
      pedido.reject(
        AppError.field(
          'file',
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? 'Arquivo recusado: ler este arquivo exige memória demais (arquivo compactado malicioso ou grande demais)'
            : 'Não foi possível ler o arquivo: formato inválido ou corrompido',
        ),
      );
    };
    const aoSair = () => aoErro(Object.assign(new Error('worker saiu'), { code: 'EXIT' }));
    const relogio = setTimeout(() => {
      if (terminou) return;
      fim(true);
      pedido.reject(AppError.field('file', `Arquivo recusado: a leitura passou de ${Math.round(this.opcoes.timeoutMs / 1000)} s`));
    }, this.opcoes.timeoutMs);
    worker.on('message', aoMensagem);
    worker.on('error', aoErro);
    worker.on('exit', aoSair);
    const { dados } = pedido.tarefa;
    // A private copy whose memory moves to the worker (the upload buffer may share a pool slab).
    const copia = new Uint8Array(dados);
    worker.postMessage({ ...pedido.tarefa, dados: copia }, [copia.buffer]);
  }
}

let padrao: PoolLeitura | null = null;
/** The process-wide pool every import uses. */
export const poolLeitura = () => {
  padrao ??= new PoolLeitura();
  return padrao;
};
/** Spreadsheet (XLSX or CSV) → sheets of cells, read in a worker. */
export const lerAbas = (dados: Buffer, csv: 'padrao' | 'lista' = 'padrao') => poolLeitura().executar<Aba[]>({ tipo: 'planilha', dados, csv });
/** ZIP → its entries (optionally only some extensions), inflated in a worker within the limits. */
export const lerZipSeguro = (dados: Buffer, extensoes?: string[]) =>
  poolLeitura().executar<{ nome: string; conteudo: Uint8Array }[]>({ tipo: 'zip', dados, extensoes });
/** One XML document → object, parsed in a worker (for the fiscal documents). */
export const lerXmlSeguro = (dados: Buffer) => poolLeitura().executar<Record<string, unknown>>({ tipo: 'xml', dados });
/** One NF-e/CT-e XML → its parsed document and signature check, in a worker; refused files answer 400 with the reason. */
export const lerDocumentoFiscal = (dados: Uint8Array, documento: 'nfe' | 'cte', entrada?: EntradaCompactada) =>
  poolLeitura().executar<DocumentoFiscalLido>({ tipo: 'fiscal', dados: Buffer.from(dados.buffer, dados.byteOffset, dados.byteLength), documento, entrada });
