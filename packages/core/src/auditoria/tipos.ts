// Shapes of the freight audit (auditoria de frete). The CT-e side follows the record of the fiscal
// documents (issue 10: documentos/ctes); money arrives as number or as the numeric string the database
// returns, and is compared in decimal.js to the centavo.

export type Valor = number | string;

export type ParteCte = { documento: string | null; nome?: string | null; uf?: string | null };
export type LocalCte = { municipioIbge: string | null; uf: string | null };

/** 0 normal, 1 complementar, 2 anulação, 3 substituto (tpCTe). */
export type TipoCte = 0 | 1 | 2 | 3;

export type CteAuditavel = {
  uid?: string;
  chave: string;
  numero: number;
  serie: number;
  modelo?: number;
  emissao: string;
  cfop?: string | null;
  tipoCte: TipoCte;
  modal?: string | null;
  emitente: ParteCte;
  remetente?: ParteCte | null;
  destinatario?: ParteCte | null;
  tomador?: ParteCte | null;
  origem: LocalCte;
  destino: LocalCte;
  valorPrestacao: Valor;
  valorReceber?: Valor | null;
  componentes: { nome: string; valor: Valor }[];
  /** cst 'SN' = Simples Nacional. null when the CT-e has no ICMS group. */
  icms: { cst: string | null; base: Valor | null; aliquota: Valor | null; valor: Valor | null } | null;
  nfes: string[];
  pesoCarga?: Valor | null;
  /** infQ "PESO CUBADO" in kg: the audit weighs the larger of it, pesoCarga and the NF-es' gross weight. */
  pesoCubado?: Valor | null;
  /**
   * infQ "PESO BASE DE CALCULO" / "PESO TAXADO" in kg: the weight the carrier declares it charged on. Compared
   * with the weight the calculation charged on (CalculoEsperado.pesoTaxado, else pesoKg): line PESO_BASE.
   */
  pesoBaseCalculo?: Valor | null;
  /** vCarga, when the caller has it: compared with the NF-es' value. */
  valorCarga?: Valor | null;
  protocolo?: string | null;
  cancelado: boolean;
};

/** Where the expected value came from, in the order of precedence of the audit. */
export type FonteCalculo = 'SPOT' | 'SIMULACAO' | 'TABELA';

export const FONTES_CALCULO: Record<FonteCalculo, string> = {
  SPOT: 'Cotação spot aprovada',
  SIMULACAO: 'Simulação selecionada no pedido',
  TABELA: 'Tabela de frete do transportador',
};

export type CalculoEsperado = {
  calculado: true;
  fonte: FonteCalculo;
  /** uid of the quotation answer, simulation or table; the screen links to it. */
  referenciaUid?: string | null;
  /** Human description, e.g. 'Tabela TAB-01 (vigente em 15/04/2026), rota SP → RJ'. */
  descricao: string;
  /** Catalogue code → value WITHOUT ICMS (as the engine gives them). */
  componentes: { componente: string; valor: Valor }[];
  /** The route's minimum-freight adjustment; it is expected inside FRETE_PESO (carriers bill it there). */
  ajusteMinimo?: Valor;
  valorSemIcms: Valor;
  aliquotaIcms: Valor;
  icms: Valor;
  total: Valor;
  /** Bases used by the calculation (weight and goods value), shown and compared with the CT-e's. */
  pesoKg?: Valor | null;
  valorMercadoria?: Valor | null;
  /**
   * The weight the engine charged on (its pesoTaxado: pesoKg or the table's cubed weight, unless exempt). The
   * carrier's declared base weight is compared with it; absent (a spot price) = pesoKg.
   */
  pesoTaxado?: Valor | null;
  /**
   * false when the source agrees only a total (a spot price): the component lines are shown but only the
   * total (and the taxes) decide. Default true.
   */
  porComponente?: boolean;
  /** The engine's memory (route, bases, ranges) kept for the detail screen. */
  memoria?: unknown;
};

export type SemCalculo = { calculado: false; motivo: string };

/** A name printed on the carrier's CT-e → our catalogue code (the carrier's mapasComponente). */
export type MapaComponentes = Record<string, string>;

/**
 * A tolerance. transportadorUid null = every carrier; componente null = the total and every component
 * without its own. Each side takes % and/or R$: when both are given the difference must respect BOTH
 * (the stricter limit, so a large CT-e does not hide a big R$ difference behind a small %). A side with
 * neither is zero tolerance (exact to the centavo). aceitarAbaixo: any undercharge is approved.
 */
export type Tolerancia = {
  // The base-weight line (PESO_BASE) takes the tolerance of componente 'PESO_BASE' with its values in kg; one
  // inherited from the carrier/general level lends only its % (its R$ mean nothing in kg) and aceitarAbaixo.
  transportadorUid?: string | null;
  componente?: string | null;
  percentualAcima?: Valor | null;
  valorAcima?: Valor | null;
  percentualAbaixo?: Valor | null;
  valorAbaixo?: Valor | null;
  aceitarAbaixo?: boolean;
};

/** What the tax rules say the CT-e must highlight. */
export type RegraTributaria = {
  /** Carrier opted for the Simples Nacional: no ICMS highlighted (CST 'SN' or value 0). */
  simplesNacional: boolean;
  /** Intrastate rate (percent) from the shipper's tax settings for the origin UF; null = not checked. */
  aliquotaInterna?: Valor | null;
  /** Interstate rate override (percent), e.g. 4 for air transport (Senado Res. 95/1996). */
  aliquotaInterestadual?: Valor | null;
  /**
   * The freight's tax as the engine decides it (server: calculadora/opcoes.ts icmsDoFrete). 'ISS': origin
   * and destination in one municipality, a municipal service (LC 116/2003, item 16.02) — the CT-e must not
   * highlight ICMS (expected rate 0). Absent = ICMS.
   */
  tributo?: 'ICMS' | 'ISS';
  /** Where the expected rate comes from, in words (e.g. 'RICMS/SP (Decreto 45.490/2000), art. 54, I'); shown in the ICMS line. */
  fonte?: string | null;
};

/** An extra charge accepted on one audit (descarga, diária, reentrega); adds to the expected value. */
export type TaxaEspecial = { descricao: string; valor: Valor; componente?: string | null };

export type EntradaAuditoria = {
  cte: CteAuditavel;
  transportadorUid?: string | null;
  calculo: CalculoEsperado | SemCalculo;
  mapa: MapaComponentes;
  tolerancias: Tolerancia[];
  regraTributaria: RegraTributaria;
  taxasEspeciais?: TaxaEspecial[];
  /** Reasons from detectarDuplicidades for this CT-e; each one makes the audit Divergente. */
  duplicidades?: string[];
};

export type TipoLinha =
  | 'COMPONENTE'
  | 'NAO_MAPEADO'
  | 'TAXA_ESPECIAL'
  | 'TOTAL'
  | 'ICMS_ALIQUOTA'
  | 'ICMS_VALOR'
  | 'PESO'
  | 'PESO_BASE'
  | 'VALOR_MERCADORIA'
  | 'DUPLICIDADE';

/** OK within tolerance · ACIMA/ABAIXO outside it · ABAIXO_ACEITO undercharge auto-accepted · INFO never decides. */
export type SituacaoLinha = 'OK' | 'ACIMA' | 'ABAIXO' | 'ABAIXO_ACEITO' | 'DIVERGENTE' | 'INFO';

export type LinhaAuditoria = {
  tipo: TipoLinha;
  /** Our catalogue code (null for lines that are not a component). */
  componente: string | null;
  /** The CT-e's own component name(s), as printed. */
  nomeCte: string | null;
  cobrado: number | null;
  esperado: number | null;
  /** cobrado − esperado (positive = overcharge). */
  diferenca: number | null;
  /** diferenca / esperado × 100, 2 decimals; null when nothing was expected. */
  percentual: number | null;
  /** pt-BR description of the tolerance that applied, e.g. 'acima: até 2 % e R$ 5,00'. */
  tolerancia: string | null;
  situacao: SituacaoLinha;
  mensagem: string;
};

export type ResultadoAuditoria = {
  /** 1 Aprovada, 2 Divergente, 3 Sem cálculo (STATUS.auditoria). */
  resultado: 1 | 2 | 3;
  fonte: FonteCalculo | null;
  /** pt-BR summary; for Sem cálculo, the reason. */
  resumo: string;
  valorCobrado: number;
  valorEsperado: number | null;
  /** cobrado − esperado of the total (the amount a person accepts). */
  diferenca: number | null;
  linhas: LinhaAuditoria[];
};

export const RESULTADO_AUDITORIA = { APROVADA: 1, DIVERGENTE: 2, SEM_CALCULO: 3, ACEITA: 4, CANCELADA: 5 } as const;
