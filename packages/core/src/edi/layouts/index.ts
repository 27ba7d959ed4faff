import type { LayoutEdi } from '../tipos.ts';
import { CONEMB_30, DOCCOB_30 } from './conemb-doccob.ts';
import { NOTFIS_31 } from './notfis.ts';
import { OCOREN_31, OCOREN_50 } from './ocoren.ts';

export { CONEMB_30, DOCCOB_30, NOTFIS_31, OCOREN_31, OCOREN_50 };

/** Every layout we read and write, by "DOCUMENTO versão". */
export const LAYOUTS: Record<string, LayoutEdi> = Object.fromEntries(
  [OCOREN_31, OCOREN_50, CONEMB_30, DOCCOB_30, NOTFIS_31].map((l) => [`${l.documento} ${l.versao}`, l]),
);

export const layoutPorCabecalho = (id: string) => Object.values(LAYOUTS).find((l) => l.cabecalho === id);
