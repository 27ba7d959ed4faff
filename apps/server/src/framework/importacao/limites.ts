// Limits for reading untrusted files (spreadsheets, the fiscal XML/ZIP). A file over any of them
// fails its own request with a 400; nothing else in the process notices.

export type LimitesArquivo = {
  /** Inflated bytes of one ZIP entry (declared in the directory and counted while inflating). */
  bytesPorEntrada: number;
  /** Inflated bytes of all the ZIP's entries together. */
  bytesTotal: number;
  /** Entries in one ZIP. */
  entradas: number;
  /** A worksheet's extent (its <dimension ref> or the farthest cell written). */
  linhas: number;
  colunas: number;
};

export const LIMITES_PADRAO: LimitesArquivo = {
  bytesPorEntrada: 50 * 1024 * 1024,
  bytesTotal: 100 * 1024 * 1024,
  entradas: 2_000,
  linhas: 200_000,
  colunas: 200,
};

/** A file refused for what it is (bomb, corrupt, too large): the message goes to the user as is. */
export class ArquivoRecusado extends Error {}

export const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
