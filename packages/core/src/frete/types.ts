// Public shapes of the freight engine. Names are part of the contract with the server and web apps.

export type UF = string;

/** How a route names a place. */
export type LocalRef =
  | { tipo: 'UF'; uf: string }
  | { tipo: 'MUNICIPIO'; ibge: string }
  | { tipo: 'REGIAO'; regiaoUid: string }
  | { tipo: 'FAIXA_CEP'; de: string; ate: string };

/** A concrete place, already resolved by the caller (CEP → município → regiões). */
export type Local = { uf: string; ibge?: string; cep?: string; regioes?: string[] };

export type ModoFaixa = 'FIXO' | 'POR_UNIDADE' | 'EXCEDENTE';
export type Faixa = { ate: number | null; valor: number; modo: ModoFaixa };

export type BaseRegra =
  | 'PESO'
  | 'VALOR'
  | 'FRACAO_100KG'
  | 'VOLUMES'
  | 'DOCUMENTOS'
  | 'M3'
  | 'KM'
  | 'VIAGEM'
  | 'FRETE_PESO'
  | 'SUBTOTAL';

export type TipoCalculo = 'PERCENTUAL' | 'POR_UNIDADE' | 'FIXO' | 'FAIXA';

export type Restricao = {
  modo: 'SOMENTE' | 'EXCETO';
  remetentes?: string[];
  destinatarios?: string[];
};

export type Regra = {
  /** Catalogue code, e.g. 'FRETE_PESO'. */
  componente: string;
  base: BaseRegra;
  calculo: TipoCalculo;
  /** PERCENTUAL: percent (0.3 = 0,30 %); POR_UNIDADE: R$ per unit; FIXO: R$. */
  valor?: number;
  faixas?: Faixa[];
  minimo?: number;
  maximo?: number;
  /** Added after the route's minimum freight. */
  aposMinimo?: boolean;
  /** CNPJ/CPF; compared by digits only. */
  restricao?: Restricao;
};

export type Rota = {
  uid: string;
  origem: LocalRef;
  destino: LocalRef;
  prazoDiasUteis: number;
  freteMinimo?: number;
  distanciaKm?: number;
  tipoVeiculoUid?: string;
  regras: Regra[];
};

export type TabelaCalculo = {
  uid: string;
  transportadorUid: string;
  fatorCubagem: number;
  icmsIncluso: boolean;
  prioridade?: number;
  generalidades: Regra[];
  rotas: Rota[];
};

export type Carga = {
  origem: Local;
  destino: Local;
  /** 'YYYY-MM-DD' or a full ISO date-time; only the calendar date is used. */
  data: string;
  pesoKg: number;
  m3?: number;
  valorMercadoria: number;
  volumes?: number;
  documentos?: number;
  remetente?: string;
  destinatario?: string;
  tipoVeiculoUid?: string;
};

export type Opcoes = {
  /** Percent, e.g. 12 for 12 %. */
  aliquotaIcms: number;
  /** ISO dates ('YYYY-MM-DD') that apply to the destination. */
  feriados: string[];
};

export type ComponenteCalculado = {
  componente: string;
  base: BaseRegra;
  quantidade: number;
  valor: number;
};

export type FreteCotado = {
  cotado: true;
  rotaUid: string;
  pesoTaxado: number;
  componentes: ComponenteCalculado[];
  ajusteMinimo: number;
  valorSemIcms: number;
  aliquotaIcms: number;
  icms: number;
  total: number;
  prazoDiasUteis: number;
  dataPrevistaEntrega: string;
};

export type FreteNaoCotado = { cotado: false; motivo: string };

export type ResultadoFrete = FreteCotado | FreteNaoCotado;
