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
  | 'SUBTOTAL'
  /**
   * The main freight: the sum of the components flagged as main freight in the catalogue
   * (Opcoes.componentesFretePrincipal, default ['FRETE_PESO']) whatever their base — e.g. a full-truck
   * FRETE_PESO priced per KM. FRETE_PESO keeps its meaning (sum of the components on base PESO).
   */
  | 'FRETE_PRINCIPAL'
  /** Axles of the vehicle type (Opcoes.tiposVeiculo[uid].eixos): toll per axle on full-truck loads. */
  | 'EIXOS';

/**
 * COMPARATIVO ("modalidade comparativa"): max(minimo, valor R$/kg × peso taxado, percentualValor % of
 * the goods value) as one rule; its base is ignored for the calculation (shown as PESO's quantity).
 */
export type TipoCalculo = 'PERCENTUAL' | 'POR_UNIDADE' | 'FIXO' | 'FAIXA' | 'COMPARATIVO';

export type Restricao = {
  modo: 'SOMENTE' | 'EXCETO';
  remetentes?: string[];
  destinatarios?: string[];
  /**
   * Goods criterion: product codes (Carga.produtos) and NCM prefixes (2 to 8 digits, matched against
   * Carga.ncms by prefix: '3004' covers 3004.90.69). The load "carries" the restriction's goods when
   * any of its products is listed or any of its NCMs starts with a listed prefix. SOMENTE: the rule
   * applies only to loads that carry them; EXCETO: it is skipped for such loads. Together with
   * remetentes/destinatarios each criterion given must hold (SOMENTE), or any one excludes (EXCETO).
   * A load that names no products never carries them.
   */
  produtos?: string[];
  ncms?: string[];
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
  /**
   * FAIXA: charge the lesser of this range's value and the next range's minimum (its charge at this
   * range's upper bound) — "compara com a faixa seguinte", so a heavier load is never cheaper.
   */
  comparaFaixaSeguinte?: boolean;
  /**
   * Outside the tax base (e.g. vale-pedágio, Lei 10.209/2001 art. 2): not grossed up, not taxed, added
   * after the tax. Also true for components listed in Opcoes.componentesForaBaseTributo.
   */
  foraBaseTributo?: boolean;
  /** COMPARATIVO: percent of the goods value compared with valor × peso taxado and minimo. */
  percentualValor?: number;
};

/**
 * A surcharge for a location (TDE, TDA, restricted area…) added on top of whichever route applies,
 * without duplicating the route. Applies when the load's origin/destination lies in `origem`/`destino`
 * (absent: any) and its restricao matches (recipient-specific surcharges). Of several matching
 * adicionais of one component, the most specific wins (party restriction, then destination, then
 * origin, then declaration order); an adicional replaces a route rule or generalidade of its component.
 */
export type AdicionalLocal = Regra & { uid?: string; origem?: LocalRef; destino?: LocalRef };

/** Cubage exemption: such loads are charged by real weight. */
export type IsencaoCubagem = {
  /** Loads with density (kg/m³ = real kg ÷ m³) at or above this are charged by real weight. */
  densidadeMinima?: number;
  /** Recipients (CNPJ/CPF, digits compared) whose loads are charged by real weight. */
  destinatarios?: string[];
  /** Product codes (Carga.produtos): a load made only of listed products is charged by real weight. */
  produtos?: string[];
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
  /** Cubage factor of this route (kg/m³), overriding the table's. */
  fatorCubagem?: number;
  /**
   * How messages (not-quoted reasons, validation errors, warnings) name the route, e.g. "São Paulo/SP →
   * Campinas/SP"; absent: built from origin and destination (rotuloRota). Never changes the calculation.
   */
  rotulo?: string;
};

/**
 * An adjustment of a derived table ("vínculo", TabelaCalculo.ajustes) to one component of its base:
 * PERCENTUAL multiplies the component's computed value by (1 + valor/100) (5 = +5 %, −3 = −3 %);
 * VALOR replaces it by valor (R$). Applied after the rule's own minimum/maximum, rounded half-up to
 * centavos, before the value enters FRETE_PESO/FRETE_PRINCIPAL/SUBTOTAL and the route's minimum.
 * `rotaUid`: only on that route of the base; `destinatarios`: only for loads to these recipients
 * (CNPJ/CPF, digits compared) — "+5 % for one customer".
 */
export type AjusteComponente = {
  componente: string;
  tipo: 'PERCENTUAL' | 'VALOR';
  valor: number;
  rotaUid?: string;
  destinatarios?: string[];
};

export type TabelaCalculo = {
  uid: string;
  transportadorUid: string;
  fatorCubagem: number;
  icmsIncluso: boolean;
  prioridade?: number;
  generalidades: Regra[];
  rotas: Rota[];
  /** Location surcharges on top of the chosen route (see AdicionalLocal). */
  adicionais?: AdicionalLocal[];
  /** Validity ('YYYY-MM-DD', inclusive): when given, a load dated outside it is not quoted. */
  vigenciaInicio?: string;
  vigenciaFim?: string | null;
  isencaoCubagem?: IsencaoCubagem;
  /**
   * Derived table: the base's routes, rules and generalidades priced with these adjustments, in order
   * (a derived table of a derived table lists its base's adjustments first). See derivarTabela.
   */
  ajustes?: AjusteComponente[];
  /** Derived table: the base it follows (the calculator's breakdown says "derivada de <nome>"). */
  derivadaDe?: { uid: string; nome: string };
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
  /** Product codes of the load (cubage exemption by product; restrictions by product). */
  produtos?: string[];
  /**
   * Exempt from cubage by the shipper's register, whatever the table: every product of the load, or its
   * recipient, is flagged "isento de cubagem" (produtos.isentoCubagem / pessoas.isentoCubagem). Charged by
   * real weight (pesoTaxado = pesoKg), like the table's own IsencaoCubagem. Absent/false: the table decides.
   */
  isentoCubagem?: boolean;
  /** NCMs of the load's products (restrictions by NCM prefix, Restricao.ncms). */
  ncms?: string[];
};

/** A vehicle type's capacity and axles (frota/tipos-veiculo). */
/** `nome`: how messages name the type (never its uid). */
export type TipoVeiculoCalculo = { nome?: string; capacidadeKg?: number; capacidadeM3?: number; eixos?: number };

/** ANTT minimum freight floor for full loads (Lei 13.703/2018, Res. ANTT 5.867/2020). */
export type PisoAntt = {
  /** CCD: R$ per km for the vehicle's axles and the cargo type. */
  ccd: number;
  /** CC: R$ of loading and unloading for the vehicle's axles and the cargo type. */
  cc: number;
  /** Where the coefficients come from (resolution and table). */
  fonte?: string;
  /**
   * Binding floor (self-employed carrier, TAC): a freight below it is raised to it — the difference is
   * added inside the tax base (FreteCotado.pisoAntt.ajuste) — instead of only being flagged.
   */
  obrigatorio?: boolean;
};

export type Opcoes = {
  /** Percent, e.g. 12 for 12 %. */
  aliquotaIcms: number;
  /** ISO dates ('YYYY-MM-DD') that apply to the destination. */
  feriados: string[];
  /**
   * ISS rate (percent) of the municipality. A load whose origin and destination are the same
   * municipality (same IBGE) is a municipal service (LC 116/2003, item 16.02): taxed by ISS at this
   * rate (0 when absent), never ICMS.
   */
  aliquotaIss?: number;
  /** Catalogue codes flagged as main freight (base FRETE_PRINCIPAL). Default: ['FRETE_PESO']. */
  componentesFretePrincipal?: string[];
  /** Catalogue codes flagged outside the tax base. Default: ['VALE_PEDAGIO']. */
  componentesForaBaseTributo?: string[];
  /** Vehicle types by uid: capacity check (over capacity is not quoted) and axles (base EIXOS). */
  tiposVeiculo?: Record<string, TipoVeiculoCalculo>;
  /** Carrier in Simples Nacional: the tax is not grossed up (ICMS/ISS 0 on the quote). */
  simplesNacional?: boolean;
  /** ANTT floor coefficients for the vehicle/cargo: a full-load route price below the floor is flagged. */
  pisoAntt?: PisoAntt;
  /**
   * ANTT floor coefficients by axle count, for when pisoAntt is absent: the chosen route's vehicle type
   * (else the load's) picks its axles' entry (Opcoes.tiposVeiculo[uid].eixos).
   */
  pisosAntt?: Record<number, PisoAntt>;
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
  /**
   * true when a cubage exemption (Carga.isentoCubagem or the table's IsencaoCubagem) kept the real weight
   * although the cubed weight was larger: the breakdown says why pesoTaxado is the real weight. Absent otherwise.
   */
  isentoCubagem?: true;
  componentes: ComponenteCalculado[];
  ajusteMinimo: number;
  valorSemIcms: number;
  aliquotaIcms: number;
  icms: number;
  total: number;
  prazoDiasUteis: number;
  dataPrevistaEntrega: string;
  // Fields below are present only when they say something (so a plain ICMS quote keeps its old shape).
  /** Which tax applied when not ICMS: ISS (same municipality) or NENHUM (Simples Nacional). Absent: ICMS. */
  tributo?: 'ICMS' | 'ISS' | 'NENHUM';
  /** ISS rate (percent) and amount when tributo is ISS. */
  aliquotaIss?: number;
  iss?: number;
  /** Sum of the components outside the tax base (vale-pedágio), included in valorSemIcms and total. */
  valorForaBaseTributo?: number;
  /** Codes of the adicionais (location surcharges) applied. */
  adicionais?: string[];
  /** ANTT floor (distance × CCD + CC) when Opcoes.pisoAntt is given, and whether the freight is below it. */
  pisoAntt?: { valor: number; abaixo: boolean; ajuste?: number; obrigatorio?: boolean; fonte?: string };
  /** Derived table: the base it follows (TabelaCalculo.derivadaDe) and the components it adjusted on this load. */
  derivadaDe?: { uid: string; nome: string };
  ajustados?: string[];
};

export type FreteNaoCotado = { cotado: false; motivo: string };

export type ResultadoFrete = FreteCotado | FreteNaoCotado;
