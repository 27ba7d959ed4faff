// The task queue: long jobs stored in the database, run by every instance's worker (see docs/ARCHITECTURE.md).
export { acrescentarItens, criarTarefa } from './fila.ts';
export { defineTipoTarefa, tipoDeTarefa } from './tipo.ts';
export type { ArquivoGerado, ItemEmExecucao, ItemNovo, ResultadoItem, TarefaEmExecucao, TipoTarefa } from './tipo.ts';
export { AppError } from '../../lib/errors.ts';
export { aoEncerrarTarefa, type TarefaEncerrada } from './encerramento.ts';
