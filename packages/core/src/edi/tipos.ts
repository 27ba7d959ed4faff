/**
 * PROCEDA EDI (OCOREN, CONEMB, DOCCOB, NOTFIS): fixed-width text files, one record per line, the record's
 * kind in columns 1-3. Each layout is a TABLE (layouts/*.ts) read by one generic parser and one generic
 * writer: adding a version means writing its table, never a reader.
 */
export type DocumentoEdi = 'OCOREN' | 'CONEMB' | 'DOCCOB' | 'NOTFIS';
export type VersaoEdi = '3.0' | '3.1' | '5.0';

/**
 * A = text (left-aligned, blank-padded; read trimmed); N = digits kept as a string (codes, numbers, CNPJ);
 * V = implied-decimal number (`decimais` digits after the point; read as a decimal string '1234.56');
 * DATA = DDMMAAAA, DATA6 = DDMMAA (read as 'AAAA-MM-DD'); HORA = HHMM (read as 'HH:MM').
 */
export type TipoCampo = 'A' | 'N' | 'V' | 'DATA' | 'DATA6' | 'HORA';

export type CampoLayout = {
  nome: string;
  /** pt-BR name used in error messages. */
  rotulo: string;
  /** 1-based column, as in the PROCEDA manuals. */
  inicio: number;
  tamanho: number;
  tipo: TipoCampo;
  decimais?: number;
  obrigatorio?: boolean;
};

export type RegistroLayout = {
  id: string;
  nome: string;
  campos: CampoLayout[];
  /** Records that may come right before this one ('' = first line of the file). */
  depoisDe: string[];
};

export type LayoutEdi = {
  documento: DocumentoEdi;
  versao: VersaoEdi;
  /** Characters per record (lines may be longer: extensions seen in the wild are read, never required). */
  tamanho: number;
  /** Second record's id + text that identify this layout (e.g. '340' for OCOREN 3.1). */
  cabecalho: string;
  registros: Record<string, RegistroLayout>;
  /** Records a complete file may end with. */
  finais: string[];
  /** The record that is one "item" of the file (an occurrence, a CT-e, a charge, an NF). */
  principal: string;
  fonte: string;
  /**
   * A trailer that counts records (CONEMB 323, OCOREN 5.0 549): its `campo` must equal the number of `conta`
   * records since the block's header `desde`. A mismatch means lines were lost on the way.
   */
  contagem?: { registro: string; campo: string; conta: string; desde: string };
};

export type ValorCampo = string | null;
export type RegistroEdi = { linha: number; id: string; valores: Record<string, ValorCampo> };

export type ArquivoEdi = { documento: DocumentoEdi; versao: VersaoEdi; registros: RegistroEdi[] };

/** One problem, with the line (1-based) and the field at fault (null when the whole line is wrong). */
export type ErroEdi = { linha: number; campo: string | null; mensagem: string };

export type ResultadoEdi = { ok: true; arquivo: ArquivoEdi; erros: [] } | { ok: false; arquivo: ArquivoEdi | null; erros: ErroEdi[] };
