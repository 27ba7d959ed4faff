import { ROTULOS_BASE_REGRA, ROTULOS_CALCULO_REGRA, ROTULOS_MODO_FAIXA, ROTULOS_MODO_RESTRICAO } from '@fretio/core';

// How the freight-table screens name the engine's codes: the labels live in @fretio/core, shared with the
// server's spreadsheet export.
export const BASE_LABEL = ROTULOS_BASE_REGRA;
export const CALCULO_LABEL = ROTULOS_CALCULO_REGRA;
/** Fallback of GET /tabelasfrete/tiposfaixacalculo. */
export const MODO_FAIXA_LABEL = ROTULOS_MODO_FAIXA;
export const MODO_RESTRICAO_LABEL = ROTULOS_MODO_RESTRICAO;

export const rotuloBase = (b: string) => (BASE_LABEL as Readonly<Record<string, string>>)[b] ?? b;
export const rotuloCalculo = (c: string) => (CALCULO_LABEL as Readonly<Record<string, string>>)[c] ?? c;
