import type { BASES_REGRA, CALCULOS_REGRA, MODOS_FAIXA, MODOS_RESTRICAO } from '@fretio/core';

// How the freight-table screens name the engine's codes (bases, calculations, range modes).
type Base = (typeof BASES_REGRA)[number];
type Calculo = (typeof CALCULOS_REGRA)[number];
type ModoFaixa = (typeof MODOS_FAIXA)[number];
type ModoRestricao = (typeof MODOS_RESTRICAO)[number];

export const BASE_LABEL: Record<Base, string> = {
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

export const CALCULO_LABEL: Record<Calculo, string> = {
  PERCENTUAL: 'Percentual',
  POR_UNIDADE: 'Por unidade',
  FIXO: 'Valor fixo',
  FAIXA: 'Por faixas',
  COMPARATIVO: 'Comparativo (maior entre mínimo, R$/kg e % do valor)',
};

/** Fallback of GET /tabelasfrete/tiposfaixacalculo. */
export const MODO_FAIXA_LABEL: Record<ModoFaixa, string> = { FIXO: 'Valor fixo', POR_UNIDADE: 'Por unidade', EXCEDENTE: 'Excedente' };

export const MODO_RESTRICAO_LABEL: Record<ModoRestricao, string> = { SOMENTE: 'Somente para', EXCETO: 'Exceto para' };

export const rotuloBase = (b: string) => BASE_LABEL[b as Base] ?? b;
export const rotuloCalculo = (c: string) => CALCULO_LABEL[c as Calculo] ?? c;
