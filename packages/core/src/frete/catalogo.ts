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
] as const;

export type ComponentePadrao = (typeof COMPONENTES_PADRAO)[number];
