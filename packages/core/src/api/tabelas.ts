import { faixaSchema, naoNegativo, verificarFaixas } from '../frete/esquemas.ts';
import { ROTULOS_BASE_REGRA, ROTULOS_CALCULO_REGRA, listaOu } from '../frete/rotulos.ts';
import type { BaseRegra, ModoFaixa, TipoCalculo } from '../frete/types.ts';
import { opcional, z, zBool, zData, zTexto, zTextoOpcional, zUid } from '../zod.ts';
import { localRefInput, localRefItem } from './frete.ts';

// Freight rate tables and their children (routes, rules, ranges, generalidades, priorities,
// component restrictions), plus readjustment and the XLSX import report.

export const BASES_REGRA = [
  'PESO',
  'VALOR',
  'FRACAO_100KG',
  'VOLUMES',
  'DOCUMENTOS',
  'M3',
  'KM',
  'VIAGEM',
  'FRETE_PESO',
  'SUBTOTAL',
  'FRETE_PRINCIPAL',
  'EIXOS',
] as const satisfies readonly BaseRegra[];
export const CALCULOS_REGRA = ['PERCENTUAL', 'POR_UNIDADE', 'FIXO', 'FAIXA', 'COMPARATIVO'] as const satisfies readonly TipoCalculo[];
export const MODOS_FAIXA = ['FIXO', 'POR_UNIDADE', 'EXCEDENTE'] as const satisfies readonly ModoFaixa[];
export const MODOS_RESTRICAO = ['SOMENTE', 'EXCETO'] as const;
export { ROTULOS_BASE_REGRA, ROTULOS_CALCULO_REGRA, ROTULOS_MODO_FAIXA } from '../frete/rotulos.ts';
export const ROTULOS_MODO_RESTRICAO: Readonly<Record<(typeof MODOS_RESTRICAO)[number], string>> = { SOMENTE: 'Somente para', EXCETO: 'Exceto para' };
export const SITUACOES_VIGENCIA = ['Vigente', 'Futura', 'Expirada'] as const;
/** ftr_vigencia of the table list. */
export const FILTROS_VIGENCIA = ['vigente', 'futura', 'expirada', 'todas'] as const;

const zStatusTabela = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'Status deve ser 1 (Ativo), 2 (Inativo) ou 3 (Validação)',
});

const camposTabela = {
  nome: zTexto(150),
  transportadorUid: zUid,
  modalUid: opcional(zUid),
  vigenciaInicio: zData,
  vigenciaFim: opcional(zData),
  fatorCubagem: opcional(z.number({ error: 'Número inválido' }).positive('Fator de cubagem deve ser maior que zero').max(99999)).describe(
    'kg por m³; padrão: o do modal, ou 300 (rodoviário)',
  ),
  icmsIncluso: zBool.default(false),
  prioridade: z
    .number({ error: 'Número inválido' })
    .int('Deve ser um número inteiro')
    .min(0)
    .max(9999)
    .default(0)
    .describe('Desempate no ranking da calculadora: menor primeiro'),
  observacoes: zTextoOpcional(2000),
  densidadeIsencaoCubagem: opcional(z.number({ error: 'Número inválido' }).positive('Densidade deve ser maior que zero').max(99999)).describe(
    'Isenção de cubagem: cargas com densidade (kg/m³) igual ou maior são cobradas pelo peso real',
  ),
  isencaoCubagemProdutos: z.preprocess(
    (v) => v ?? [],
    z.array(z.string({ error: 'Código inválido' }).trim().min(1, 'Código vazio').max(60, 'No máximo 60 caracteres'), { error: 'Lista inválida' })
    .max(500, 'No máximo 500 produtos')
    .default([])
    .transform((v) => [...new Set(v.map((c) => c.toUpperCase()))]),
  ).describe('Isenção de cubagem nesta tabela: códigos de produto; uma carga só deles é cobrada pelo peso real (soma-se à marca do cadastro)'),
  isencaoCubagemDestinatarios: z.preprocess(
    (v) => v ?? [],
    z.array(z.string({ error: 'CPF/CNPJ inválido' }).transform((d) => d.replace(/[^0-9A-Za-z]/g, '').toUpperCase()).refine((d) => d.length === 11 || d.length === 14, 'CPF/CNPJ inválido'), { error: 'Lista inválida' })
    .max(500, 'No máximo 500 destinatários')
    .default([])
    .transform((v) => [...new Set(v)]),
  ).describe('Isenção de cubagem nesta tabela: CPF/CNPJ dos destinatários cujas cargas são cobradas pelo peso real (soma-se à marca do cadastro)'),
};
/** An adjustment of a derived table (the engine's AjusteComponente). */
export const ajusteBaseInput = z
  .object({
    componente: zTexto(30).describe('Código do componente no catálogo (ex.: FRETE_PESO)'),
    tipo: z.enum(['PERCENTUAL', 'VALOR'], { error: 'Tipo deve ser PERCENTUAL (sobre o valor da base) ou VALOR (substitui)' }),
    valor: z.number({ error: 'Número inválido' }).min(-99.9999, 'Percentual deve ser maior que -100').max(9_999_999),
    rotaUid: opcional(zUid).describe('Só nesta rota da tabela base'),
    destinatarios: z
      .array(z.string().transform((d) => d.replace(/\D/g, '')).pipe(z.string().regex(/^(\d{11}|\d{14})$/, 'CPF/CNPJ inválido')))
      .max(200)
      .optional()
      .describe('Só para cargas a estes destinatários (CPF/CNPJ)'),
  })
  .refine((a) => a.tipo !== 'VALOR' || a.valor >= 0, { error: 'Valor não pode ser negativo', path: ['valor'] });
export type AjusteBaseInput = z.infer<typeof ajusteBaseInput>;
const camposDerivada = {
  tabelaBaseUid: zUid
    .nullable()
    .optional()
    .describe('Tabela derivada ("vínculo"): cota como esta tabela base (do mesmo embarcador), com os ajustes; omitido no PUT mantém'),
  ajustesBase: z.array(ajusteBaseInput).max(500).optional().describe('Ajustes por componente da tabela derivada; omitido no PUT mantém'),
};

const vigenciaOrdenada = (t: { vigenciaInicio: string; vigenciaFim: string | null }) => !t.vigenciaFim || t.vigenciaFim >= t.vigenciaInicio;
const erroVigencia = {
  error: 'A vigência termina antes de começar: vigenciaFim deve ser igual ou posterior a vigenciaInicio',
  path: ['vigenciaFim'],
};

export const tabelaFreteInput = z
  .object({ ...camposTabela, ...camposDerivada, status: zStatusTabela.default(3).describe('1 Ativo, 2 Inativo, 3 Validação (padrão)') })
  .refine(vigenciaOrdenada, erroVigencia);
/** PUT: status omitted keeps the current one; a change is checked against STATUS.tabelaFrete (409). */
export const tabelaFreteUpdate = z.object({ ...camposTabela, ...camposDerivada, status: zStatusTabela.optional() }).refine(vigenciaOrdenada, erroVigencia);

export const tabelaFrete = z.object({
  uid: z.string(),
  nome: z.string(),
  transportadorUid: z.string(),
  transportadorNome: z.string(),
  modalUid: z.string().nullable(),
  modalNome: z.string().nullable(),
  vigenciaInicio: z.string(),
  vigenciaFim: z.string().nullable(),
  /** Computed from today in America/Sao_Paulo. */
  situacaoVigencia: z.enum(SITUACOES_VIGENCIA),
  fatorCubagem: z.number(),
  icmsIncluso: z.boolean(),
  prioridade: z.number().int(),
  observacoes: z.string().nullable(),
  status: z.number().int(),
  statusLabel: z.string(),
  versao: z.number().int(),
  tabelaOrigemUid: z.string().nullable(),
  /** Superseded by a readjusted version: read-only. */
  historica: z.boolean(),
  densidadeIsencaoCubagem: z.number().nullable(),
  isencaoCubagemProdutos: z.array(z.string()),
  isencaoCubagemDestinatarios: z.array(z.string()),
  /** Maker–checker: who submitted the table (created or readjusted it) and who approved (activated) it. */
  submetidoPor: z.string().nullable(),
  submetidoPorNome: z.string().nullable(),
  aprovadoPor: z.string().nullable(),
  aprovadoPorNome: z.string().nullable(),
  aprovadoEm: z.string().nullable(),
  quantidadeRotas: z.number().int(),
  /** Derived table: its base (uid and name) and adjustments; null/[] on an ordinary table. */
  tabelaBaseUid: z.string().nullable(),
  tabelaBaseNome: z.string().nullable(),
  ajustesBase: z.array(
    z.object({
      componente: z.string(),
      tipo: z.enum(['PERCENTUAL', 'VALOR']),
      valor: z.number(),
      rotaUid: z.string().nullable(),
      destinatarios: z.array(z.string()),
    }),
  ),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type TabelaFrete = z.infer<typeof tabelaFrete>;

// Routes of a table -----------------------------------------------------------------------------
export const tabelaRotaInput = z
  .object({
    rotaUid: opcional(zUid).describe('Rota do cadastro: origem, destino e distância vêm dela quando omitidos'),
    origem: localRefInput.optional(),
    destino: localRefInput.optional(),
    prazoDiasUteis: z
      .number({ error: 'Número inválido' })
      .int('Prazo deve ser um número inteiro de dias úteis')
      .min(0, 'Prazo não pode ser negativo')
      .max(365),
    freteMinimo: opcional(naoNegativo('Frete mínimo').max(1e10)),
    distanciaKm: opcional(naoNegativo('Distância').max(1e7)),
    tipoVeiculoUid: opcional(zUid),
    fatorCubagem: opcional(z.number({ error: 'Número inválido' }).positive('Fator de cubagem deve ser maior que zero').max(99999)).describe(
      'kg por m³ desta rota (vazio: o da tabela)',
    ),
  })
  .superRefine((r, ctx) => {
    if (r.rotaUid) return;
    if (!r.origem) ctx.addIssue({ code: 'custom', path: ['origem'], message: 'Informe a origem ou a rota do cadastro (rotaUid)' });
    if (!r.destino) ctx.addIssue({ code: 'custom', path: ['destino'], message: 'Informe o destino ou a rota do cadastro (rotaUid)' });
  });
export const tabelaRota = z.object({
  uid: z.string(),
  tabelaFreteUid: z.string(),
  rotaUid: z.string().nullable(),
  rotaNome: z.string().nullable(),
  origem: localRefItem,
  destino: localRefItem,
  prazoDiasUteis: z.number().int(),
  freteMinimo: z.number().nullable(),
  distanciaKm: z.number().nullable(),
  tipoVeiculoUid: z.string().nullable(),
  fatorCubagem: z.number().nullable(),
  quantidadeRegras: z.number().int(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});

// Rules and ranges ------------------------------------------------------------------------------
export const faixaItem = z.object({
  uid: z.string(),
  regraUid: z.string(),
  ordem: z.number().int(),
  ate: z.number().nullable(),
  valor: z.number(),
  modo: z.enum(MODOS_FAIXA),
});
export const faixaInput = faixaSchema.extend({
  regraUid: zUid,
  ordem: z
    .number()
    .int('Deve ser um número inteiro')
    .min(0)
    .max(9999)
    .optional()
    .describe('Posição da faixa na regra (padrão: depois da última)'),
});

/** The ranges of one rule, in order (the engine's checks: growing `ate`, open-ended range last). */
export const faixasDaRegraSchema = z.array(faixaSchema).superRefine(verificarFaixas);

const camposRegra = {
  componente: z.string({ error: 'Campo obrigatório' }).trim().toUpperCase().min(1, 'Campo obrigatório').max(30),
  base: z.enum(BASES_REGRA, { error: `Base inválida: use ${listaOu(ROTULOS_BASE_REGRA)}` }),
  calculo: z.enum(CALCULOS_REGRA, { error: `Cálculo inválido: use ${listaOu(ROTULOS_CALCULO_REGRA)}` }),
  valor: opcional(naoNegativo('Valor').max(1e10)).describe('PERCENTUAL: percentual (0.3 = 0,30 %); POR_UNIDADE: R$ por unidade; FIXO: R$'),
  minimo: opcional(naoNegativo('Valor mínimo').max(1e10)),
  maximo: opcional(naoNegativo('Valor máximo').max(1e10)),
  aposMinimo: zBool.default(false).describe('Somado depois do frete mínimo da rota'),
  comparaFaixaSeguinte: zBool.default(false).describe('FAIXA: cobra o menor entre esta faixa e o mínimo da faixa seguinte'),
  foraBaseTributo: zBool.default(false).describe('Fora da base do ICMS/ISS (vale-pedágio): somado depois do imposto'),
  percentualValor: opcional(naoNegativo('Percentual sobre o valor').max(100)).describe(
    'COMPARATIVO: % do valor da mercadoria comparado com valor (R$/kg) × peso e com o mínimo',
  ),
  restricaoUid: zUid
    .nullish()
    .describe(
      'Restrição (deste componente, nesta tabela) que a regra segue; null: a restrição geral do componente, se houver; ausente na alteração: mantém',
    ),
  faixas: faixasDaRegraSchema.max(200).optional().describe('Cálculo FAIXA: as faixas em ordem; quando informadas substituem as da regra'),
};
export const generalidadeInput = z.object(camposRegra);
/** A location surcharge (the engine's AdicionalLocal): added on top of whichever route applies. */
export const adicionalInput = z.object({
  ...camposRegra,
  origem: localRefInput
    .nullish()
    .transform((v) => v ?? null)
    .describe('Vazio: qualquer origem'),
  destino: localRefInput
    .nullish()
    .transform((v) => v ?? null)
    .describe('Vazio: qualquer destino (use a restrição do componente para um destinatário)'),
});
export const regraRotaInput = z.object({ tabelaRotaUid: zUid.describe('Rota da tabela'), ...camposRegra });
export const regra = z.object({
  uid: z.string(),
  tabelaFreteUid: z.string(),
  tabelaRotaUid: z.string().nullable(),
  escopo: z.enum(['GENERALIDADE', 'ROTA', 'ADICIONAL']),
  componente: z.string(),
  componenteNome: z.string().nullable(),
  base: z.enum(BASES_REGRA),
  calculo: z.enum(CALCULOS_REGRA),
  valor: z.number().nullable(),
  minimo: z.number().nullable(),
  maximo: z.number().nullable(),
  aposMinimo: z.boolean(),
  comparaFaixaSeguinte: z.boolean(),
  foraBaseTributo: z.boolean(),
  percentualValor: z.number().nullable(),
  /** ADICIONAL: where it applies (null: anywhere). */
  origem: localRefItem.nullable(),
  destino: localRefItem.nullable(),
  /** The restriction the rule links (several restrictions of one component per table); null: none linked. */
  restricaoUid: z.string().nullable(),
  /** The restriction the rule follows: the one it links, else the component's table-wide one (if any). */
  restricao: z.object({ uid: z.string(), modo: z.enum(MODOS_RESTRICAO) }).nullable(),
  faixas: z.array(faixaItem),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type RegraItem = z.infer<typeof regra>;

// Priorities and restrictions -------------------------------------------------------------------
export const prioridadeInput = z.object({
  origem: localRefInput
    .nullish()
    .transform((v) => v ?? null)
    .describe('Vazio: qualquer origem'),
  destino: localRefInput
    .nullish()
    .transform((v) => v ?? null)
    .describe('Vazio: qualquer destino'),
  prioridade: z.number({ error: 'Número inválido' }).int('Deve ser um número inteiro').min(0).max(9999),
  observacao: zTextoOpcional(255),
});
export const prioridade = z.object({
  uid: z.string(),
  tabelaFreteUid: z.string(),
  origem: localRefItem.nullable(),
  destino: localRefItem.nullable(),
  prioridade: z.number().int(),
  observacao: z.string().nullable(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});

export const restricaoInput = z.object({
  componente: z.string({ error: 'Campo obrigatório' }).trim().toUpperCase().min(1, 'Campo obrigatório').max(30),
  modo: z.enum(MODOS_RESTRICAO, { error: 'Modo inválido: use SOMENTE ou EXCETO' }),
  descricao: zTextoOpcional(255),
  produtos: z
    .array(z.string({ error: 'Código de produto inválido' }).trim().min(1, 'Código de produto vazio').max(60), {
      error: 'Produtos: informe uma lista de códigos',
    })
    .max(500, 'No máximo 500 produtos')
    // null (a cleared field on screen) empties the list; absent keeps it (older clients send neither).
    .nullish()
    .transform((v) => (v === null ? [] : v))
    .describe('Códigos do cadastro de produtos: o componente vale só para (SOMENTE) / exceto (EXCETO) cargas que os levem'),
  ncms: z
    .array(z.string({ error: 'NCM inválido' }).trim().regex(/^\d{2,8}$/, 'NCM deve ter de 2 a 8 dígitos (prefixo, sem pontos)'), {
      error: 'NCMs: informe uma lista de prefixos',
    })
    .max(200, 'No máximo 200 NCMs')
    .nullish()
    .transform((v) => (v === null ? [] : v))
    .describe('Prefixos de NCM (2 a 8 dígitos): "3004" cobre 3004.90.69'),
});
export const restricao = z.object({
  uid: z.string(),
  tabelaFreteUid: z.string(),
  componente: z.string(),
  componenteNome: z.string().nullable(),
  modo: z.enum(MODOS_RESTRICAO),
  descricao: z.string().nullable(),
  produtos: z.array(z.string()),
  ncms: z.array(z.string()),
  quantidadeRemetentes: z.number().int(),
  quantidadeDestinatarios: z.number().int(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export const restricaoPessoa = z.object({ pessoaUid: z.string(), nome: z.string(), documento: z.string(), vinculadoEm: z.string() });
export const importacaoPessoasResultado = z.object({
  vinculados: z.number().int(),
  jaVinculados: z.number().int(),
  linhas: z.number().int(),
});

// The whole table, readjustment, import -----------------------------------------------------------
export const tabelaFreteCompleta = tabelaFrete.extend({
  rotas: z.array(tabelaRota.extend({ regras: z.array(regra) })),
  generalidades: z.array(regra),
  adicionais: z.array(regra),
  prioridades: z.array(prioridade),
  restricoes: z.array(restricao.extend({ remetentes: z.array(restricaoPessoa), destinatarios: z.array(restricaoPessoa) })),
});
export type TabelaFreteCompleta = z.infer<typeof tabelaFreteCompleta>;

export const reajusteInput = z
  .object({
    vigenciaInicio: zData,
    vigenciaFim: opcional(zData),
    percentual: z
      .number({ error: 'Número inválido' })
      .gt(-100, 'Percentual deve ser maior que -100')
      .max(1000, 'Percentual deve ser no máximo 1000'),
  })
  .refine(vigenciaOrdenada, erroVigencia);

/** A bad cell of an imported file: {aba, linha, campo, mensagem} (field/message repeat them for generic clients). */
export const erroImportacao = z.object({
  field: z.string(),
  message: z.string(),
  aba: z.string().optional(),
  linha: z.number().int().optional(),
  campo: z.string().optional(),
  mensagem: z.string().optional(),
});
export const importacaoErroReply = z.object({
  success: z.literal(false),
  message: z.string(),
  errorCode: z.number().int(),
  errors: z.array(erroImportacao).optional(),
});

export const tipoFaixaCalculo = z.object({ value: z.enum(MODOS_FAIXA), label: z.string(), descricao: z.string() });

// Maker–checker comparison (GET /tabelasfrete/{uid}/comparacao) ---------------------------------
/** One sample load priced by both tables: freight before tax (valorSemIcms), null when not quoted. */
export const amostraComparacao = z.object({
  pesoKg: z.number(),
  valorMercadoria: z.number(),
  anterior: z.number().nullable(),
  nova: z.number().nullable(),
  /** (nova − anterior) ÷ anterior × 100, two decimals; null when either did not quote. */
  variacaoPercentual: z.number().nullable(),
  /** Why a side did not quote (the engine's motivo). */
  motivoAnterior: z.string().nullable(),
  motivoNova: z.string().nullable(),
});
/** A route of the table under validation: its samples and the sums over the samples both tables quoted. */
export const rotaComparacao = z.object({
  rotaUid: z.string(),
  origem: z.string(),
  destino: z.string(),
  amostras: z.array(amostraComparacao),
  totalAnterior: z.number().nullable(),
  totalNova: z.number().nullable(),
  variacaoPercentual: z.number().nullable(),
});
export const comparacaoTabelas = z.object({
  tabelaUid: z.string(),
  /** The table compared with: the one it readjusts (tabelaOrigemUid), else its base (derived table), else the active one of the same carrier; null: none. */
  anterior: z.object({ uid: z.string(), nome: z.string(), versao: z.number().int() }).nullable(),
  /** AMOSTRA_FIXA: the same weights/values (AMOSTRAS_COMPARACAO) on every route of the table. */
  fonte: z.enum(['AMOSTRA_FIXA']),
  rotas: z.array(rotaComparacao),
  totalAnterior: z.number().nullable(),
  totalNova: z.number().nullable(),
  variacaoPercentual: z.number().nullable(),
});
/** Sample loads of the comparison: kg and goods value (R$ 20 per kg). */
export const AMOSTRAS_COMPARACAO = [
  { pesoKg: 50, valorMercadoria: 1000 },
  { pesoKg: 300, valorMercadoria: 6000 },
  { pesoKg: 1000, valorMercadoria: 20000 },
  { pesoKg: 5000, valorMercadoria: 100000 },
] as const;
export type ComparacaoTabelas = z.infer<typeof comparacaoTabelas>;
