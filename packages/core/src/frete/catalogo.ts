// Default component catalogue; tenants may extend it (validarTabela takes the list as a parameter).
export const COMPONENTES_PADRAO = [
  'FRETE_PESO',
  'FRETE_VALOR',
  'GRIS',
  'PEDAGIO',
  'TAS',
  'DESPACHO',
  'TDE',
  'TRT',
  'TDA',
  'COLETA',
  'ENTREGA',
  'REENTREGA',
  'DEVOLUCAO',
  'ESTADIA',
  'ARMAZENAGEM',
  'PALETIZACAO',
  'DESCARGA',
  'EMEX',
  'VALE_PEDAGIO',
] as const;

export type ComponentePadrao = (typeof COMPONENTES_PADRAO)[number];

/** Catalogue flags of the standard components (a shipper's own components set theirs in componentes). */
export const NOMES_COMPONENTES_NOVOS: Record<string, string> = {
  REENTREGA: 'Reentrega',
  DEVOLUCAO: 'Devolução',
  ESTADIA: 'Estadia',
  ARMAZENAGEM: 'Armazenagem',
  PALETIZACAO: 'Paletização',
  DESCARGA: 'Descarga',
  EMEX: 'Entrega em mãos (EMEX)',
  VALE_PEDAGIO: 'Vale-pedágio',
};

/** Components that are the main freight (base FRETE_PRINCIPAL) by default. */
export const COMPONENTES_FRETE_PRINCIPAL_PADRAO: readonly string[] = ['FRETE_PESO'];

/** Components outside the tax base by default: the toll voucher (Lei 10.209/2001, art. 2). */
export const COMPONENTES_FORA_BASE_PADRAO: readonly string[] = ['VALE_PEDAGIO'];
