import type { BaseRegra, LocalRef, ModoFaixa, TipoCalculo } from './types.ts';

// How the screens name the engine's codes: the labels of the selects, of the table spreadsheet and of every
// message that lists the accepted values ("use Valor fixo, Por unidade ou Excedente", never the codes).
/** How the screens and the table spreadsheet name the engine's codes (one source for both). */
export const ROTULOS_BASE_REGRA: Readonly<Record<BaseRegra, string>> = {
  PESO: 'Peso taxado (kg)',
  VALOR: 'Valor da mercadoria',
  FRACAO_100KG: 'Fração de 100 kg',
  VOLUMES: 'Volumes',
  DOCUMENTOS: 'Documentos (NF-es)',
  M3: 'Volume (m³)',
  KM: 'Distância (km)',
  VIAGEM: 'Por CT-e/viagem',
  FRETE_PESO: 'Frete peso',
  SUBTOTAL: 'Subtotal dos componentes',
  FRETE_PRINCIPAL: 'Frete principal (componentes marcados no catálogo)',
  EIXOS: 'Eixos do veículo',
};
export const ROTULOS_CALCULO_REGRA: Readonly<Record<TipoCalculo, string>> = {
  PERCENTUAL: 'Percentual',
  POR_UNIDADE: 'Por unidade',
  FIXO: 'Valor fixo',
  FAIXA: 'Por faixas',
  COMPARATIVO: 'Comparativo (maior entre mínimo, R$/kg e % do valor)',
};
export const ROTULOS_MODO_FAIXA: Readonly<Record<ModoFaixa, string>> = { FIXO: 'Valor fixo', POR_UNIDADE: 'Por unidade', EXCEDENTE: 'Excedente' };
export const ROTULOS_TIPO_LOCAL: Readonly<Record<LocalRef['tipo'], string>> = {
  UF: 'UF',
  MUNICIPIO: 'Município',
  REGIAO: 'Região',
  FAIXA_CEP: 'Faixa de CEP',
};

/** The labels as a Portuguese list: "A, B ou C" (for the messages that name the accepted values). */
export function listaOu(rotulos: Readonly<Record<string, string>> | readonly string[]): string {
  const v = Array.isArray(rotulos) ? [...rotulos] : Object.values(rotulos);
  return v.length <= 1 ? (v[0] ?? '') : `${v.slice(0, -1).join(', ')} ou ${v[v.length - 1]}`;
}
