// Fixed value lists (enums) shared by server validation, OpenAPI and web selects. Each list is
// {value, label}; the `*_VALORES` tuple is what zod's enum takes. Add new lists additively.
export type OpcaoEnum<T extends string = string> = { readonly value: T; readonly label: string };

const valores = <T extends string>(lista: readonly OpcaoEnum<T>[]) => lista.map((o) => o.value) as [T, ...T[]];

/** Commercial units (NF-e uCom style) of a product. */
export const UNIDADES = [
  { value: 'UN', label: 'Unidade' },
  { value: 'PC', label: 'Peça' },
  { value: 'CX', label: 'Caixa' },
  { value: 'FD', label: 'Fardo' },
  { value: 'PCT', label: 'Pacote' },
  { value: 'SC', label: 'Saco' },
  { value: 'DZ', label: 'Dúzia' },
  { value: 'PAR', label: 'Par' },
  { value: 'CJ', label: 'Conjunto' },
  { value: 'KIT', label: 'Kit' },
  { value: 'RL', label: 'Rolo' },
  { value: 'BR', label: 'Barra' },
  { value: 'LT', label: 'Lata' },
  { value: 'GL', label: 'Galão' },
  { value: 'BD', label: 'Balde' },
  { value: 'FR', label: 'Frasco' },
  { value: 'PLT', label: 'Palete' },
  { value: 'KG', label: 'Quilograma' },
  { value: 'G', label: 'Grama' },
  { value: 'TON', label: 'Tonelada' },
  { value: 'L', label: 'Litro' },
  { value: 'ML', label: 'Mililitro' },
  { value: 'M', label: 'Metro' },
  { value: 'M2', label: 'Metro quadrado' },
  { value: 'M3', label: 'Metro cúbico' },
] as const satisfies readonly OpcaoEnum[];
export const UNIDADES_VALORES = valores(UNIDADES);
export type Unidade = (typeof UNIDADES_VALORES)[number];

/** Body types of a vehicle (tipoCarroceria). */
export const TIPOS_CARROCERIA = [
  { value: 'BAU', label: 'Baú' },
  { value: 'SIDER', label: 'Sider' },
  { value: 'GRADE_BAIXA', label: 'Grade baixa' },
  { value: 'GRANELEIRO', label: 'Graneleiro' },
  { value: 'FRIGORIFICO', label: 'Frigorífico' },
  { value: 'TANQUE', label: 'Tanque' },
  { value: 'PORTA_CONTAINER', label: 'Porta-contêiner' },
  { value: 'CEGONHA', label: 'Cegonha' },
  { value: 'PRANCHA', label: 'Prancha' },
  { value: 'OUTROS', label: 'Outros' },
] as const satisfies readonly OpcaoEnum[];
export const TIPOS_CARROCERIA_VALORES = valores(TIPOS_CARROCERIA);
export type TipoCarroceria = (typeof TIPOS_CARROCERIA_VALORES)[number];

/** Driving licence (CNH) categories. */
export const CNH_CATEGORIAS = [
  { value: 'A', label: 'A' },
  { value: 'B', label: 'B' },
  { value: 'C', label: 'C' },
  { value: 'D', label: 'D' },
  { value: 'E', label: 'E' },
  { value: 'AB', label: 'AB' },
  { value: 'AC', label: 'AC' },
  { value: 'AD', label: 'AD' },
  { value: 'AE', label: 'AE' },
] as const satisfies readonly OpcaoEnum[];
export const CNH_CATEGORIAS_VALORES = valores(CNH_CATEGORIAS);
export type CnhCategoria = (typeof CNH_CATEGORIAS_VALORES)[number];

/** Who owns a carrier's vehicle. */
export const PROPRIETARIOS_VEICULO = [
  { value: 'PROPRIO', label: 'Próprio' },
  { value: 'TERCEIRO', label: 'Terceiro' },
  { value: 'AGREGADO', label: 'Agregado' },
  { value: 'AUTONOMO', label: 'Autônomo' },
] as const satisfies readonly OpcaoEnum[];
export const PROPRIETARIOS_VEICULO_VALORES = valores(PROPRIETARIOS_VEICULO);
export type ProprietarioVeiculo = (typeof PROPRIETARIOS_VEICULO_VALORES)[number];

/** Person kind, derived from the document: F (CPF, 11 digits) or J (CNPJ, 14 digits). */
export const TIPOS_PESSOA = [
  { value: 'F', label: 'Pessoa física' },
  { value: 'J', label: 'Pessoa jurídica' },
] as const satisfies readonly OpcaoEnum[];
export type TipoPessoa = 'F' | 'J';

/** The label of `value` in `lista`, or the value itself. */
export const rotuloEnum = (lista: readonly OpcaoEnum[], value: string | null | undefined) =>
  lista.find((o) => o.value === value)?.label ?? value ?? '';

/** Fiscal document models (the NF-e/CT-e `mod` field) and the municipal service invoice. */
export const TIPOS_DOCUMENTO_FISCAL = [
  { value: '55', label: 'NF-e (modelo 55)' },
  { value: '65', label: 'NFC-e (modelo 65)' },
  { value: '57', label: 'CT-e (modelo 57)' },
  { value: '67', label: 'CT-e OS (modelo 67)' },
  { value: '58', label: 'MDF-e (modelo 58)' },
  { value: 'NFSE', label: 'NFS-e (nota fiscal de serviço eletrônica)' },
] as const satisfies readonly OpcaoEnum[];
export const TIPOS_DOCUMENTO_FISCAL_VALORES = valores(TIPOS_DOCUMENTO_FISCAL);
export type TipoDocumentoFiscal = (typeof TIPOS_DOCUMENTO_FISCAL_VALORES)[number];

/** Which tax a freight service pays: ICMS (inter-municipal or interstate transport) or ISS (within one municipality). */
export const IMPOSTOS_FRETE = [
  { value: 'ICMS', label: 'ICMS (transporte intermunicipal ou interestadual)' },
  { value: 'ISS', label: 'ISS (transporte dentro do município)' },
] as const satisfies readonly OpcaoEnum[];
export const IMPOSTOS_FRETE_VALORES = valores(IMPOSTOS_FRETE);
export type ImpostoFrete = (typeof IMPOSTOS_FRETE_VALORES)[number];

/** Kinds of tax rule of configuracoes/tributos. */
export const TIPOS_TRIBUTO = [
  { value: 'INTERNO', label: 'ICMS interno (origem e destino na mesma UF)' },
  { value: 'TRANSPORTE', label: 'ICMS do transporte dentro da UF (frete)' },
  { value: 'INTERESTADUAL', label: 'ICMS interestadual' },
  { value: 'IMPORTADO', label: 'ICMS de mercadoria importada (interestadual)' },
  { value: 'PIS_COFINS', label: 'PIS/COFINS' },
] as const satisfies readonly OpcaoEnum[];
export const TIPOS_TRIBUTO_VALORES = valores(TIPOS_TRIBUTO);
export type TipoTributo = (typeof TIPOS_TRIBUTO_VALORES)[number];

export const REGIMES_PIS_COFINS = [
  { value: 'CUMULATIVO', label: 'Cumulativo (PIS 0,65 % e COFINS 3 %)' },
  { value: 'NAO_CUMULATIVO', label: 'Não cumulativo (PIS 1,65 % e COFINS 7,6 %)' },
] as const satisfies readonly OpcaoEnum[];
export const REGIMES_PIS_COFINS_VALORES = valores(REGIMES_PIS_COFINS);

export const REGIMES_TRIBUTARIOS = [
  { value: 'SIMPLES_NACIONAL', label: 'Simples Nacional' },
  { value: 'LUCRO_PRESUMIDO', label: 'Lucro Presumido' },
  { value: 'LUCRO_REAL', label: 'Lucro Real' },
] as const satisfies readonly OpcaoEnum[];
export const REGIMES_TRIBUTARIOS_VALORES = valores(REGIMES_TRIBUTARIOS);
export type RegimeTributario = (typeof REGIMES_TRIBUTARIOS_VALORES)[number];

/** ICMS tax situation (CST) of a CT-e; 'SN' for carriers in the Simples Nacional. */
export const SITUACOES_TRIBUTARIAS_ICMS = [
  { value: '00', label: '00 - Tributação normal' },
  { value: '20', label: '20 - Com redução de base de cálculo' },
  { value: '40', label: '40 - Isenta' },
  { value: '41', label: '41 - Não tributada' },
  { value: '51', label: '51 - Diferimento' },
  { value: '60', label: '60 - ICMS cobrado por substituição tributária' },
  { value: '90', label: '90 - Outros' },
  { value: 'SN', label: 'Simples Nacional' },
] as const satisfies readonly OpcaoEnum[];
export const SITUACOES_TRIBUTARIAS_ICMS_VALORES = valores(SITUACOES_TRIBUTARIAS_ICMS);

/** Who pays the ISS of a service: the provider, or the taker withholding it. */
export const RETENCOES_ISS = [
  { value: 'NAO_RETIDO', label: 'Devido pelo prestador' },
  { value: 'RETIDO', label: 'Retido pelo tomador' },
] as const satisfies readonly OpcaoEnum[];
export const RETENCOES_ISS_VALORES = valores(RETENCOES_ISS);
export type RetencaoIss = (typeof RETENCOES_ISS_VALORES)[number];

/** The five IBGE macro-regions (their UFs: MACRORREGIOES in frete/ufs.ts). */
export const MACRORREGIOES_OPCOES = [
  { value: 'N', label: 'Norte' },
  { value: 'NE', label: 'Nordeste' },
  { value: 'CO', label: 'Centro-Oeste' },
  { value: 'SE', label: 'Sudeste' },
  { value: 'S', label: 'Sul' },
] as const satisfies readonly OpcaoEnum[];
export const MACRORREGIOES_VALORES = valores(MACRORREGIOES_OPCOES);

/** Kinds of place of the combined location picker (locais/localidades). */
export const TIPOS_LOCALIDADE = [
  { value: 'MACRORREGIAO', label: 'Macrorregião' },
  { value: 'UF', label: 'UF' },
  { value: 'MUNICIPIO', label: 'Município' },
] as const satisfies readonly OpcaoEnum[];
export const TIPOS_LOCALIDADE_VALORES = valores(TIPOS_LOCALIDADE);
export type TipoLocalidade = (typeof TIPOS_LOCALIDADE_VALORES)[number];

export const MOEDAS = [
  { value: 'BRL', label: 'Real (R$)' },
  { value: 'USD', label: 'Dólar americano (US$)' },
  { value: 'EUR', label: 'Euro (€)' },
] as const satisfies readonly OpcaoEnum[];
export const MOEDAS_VALORES = valores(MOEDAS);

/** Brazil's IANA time zones. */
export const FUSOS_HORARIOS = [
  { value: 'America/Sao_Paulo', label: 'Brasília (UTC-3) - S, SE, GO, DF' },
  { value: 'America/Bahia', label: 'Bahia (UTC-3)' },
  { value: 'America/Fortaleza', label: 'Fortaleza (UTC-3) - CE, MA, PI, RN, PB' },
  { value: 'America/Recife', label: 'Recife (UTC-3) - PE' },
  { value: 'America/Maceio', label: 'Maceió (UTC-3) - AL, SE' },
  { value: 'America/Belem', label: 'Belém (UTC-3) - PA leste, AP' },
  { value: 'America/Santarem', label: 'Santarém (UTC-3) - PA oeste' },
  { value: 'America/Araguaina', label: 'Araguaína (UTC-3) - TO' },
  { value: 'America/Cuiaba', label: 'Cuiabá (UTC-4) - MT' },
  { value: 'America/Campo_Grande', label: 'Campo Grande (UTC-4) - MS' },
  { value: 'America/Manaus', label: 'Manaus (UTC-4) - AM' },
  { value: 'America/Porto_Velho', label: 'Porto Velho (UTC-4) - RO' },
  { value: 'America/Boa_Vista', label: 'Boa Vista (UTC-4) - RR' },
  { value: 'America/Rio_Branco', label: 'Rio Branco (UTC-5) - AC' },
  { value: 'America/Eirunepe', label: 'Eirunepé (UTC-5) - AM oeste' },
  { value: 'America/Noronha', label: 'Fernando de Noronha (UTC-2)' },
] as const satisfies readonly OpcaoEnum[];
export const FUSOS_HORARIOS_VALORES = valores(FUSOS_HORARIOS);
