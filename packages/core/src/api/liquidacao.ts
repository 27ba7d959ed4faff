import { CAMPO } from '../mensagens.ts';
import { z, zBool, zData, zTexto, zTextoOpcional, zUid } from '../zod.ts';
import { zDecimal } from './produtos.ts';

// Settlement: payment conditions, pre-invoices and RPAs of independent drivers.

export const condicaoPagamentoInput = z.object({
  nome: zTexto(120),
  base: z.enum(['EMISSAO', 'VALIDACAO'], { error: 'Deve ser EMISSAO ou VALIDACAO' }).default('EMISSAO')
    .describe('Os dias contam da emissão da fatura ou da sua validação'),
  parcelas: z.array(z.number({ error: CAMPO.numeroInvalido }).int(CAMPO.numeroInvalido).min(0, CAMPO.valorMinimo(0)).max(365, CAMPO.valorMaximo(365)), { error: CAMPO.obrigatorio })
    .min(1, 'Informe ao menos uma parcela').max(24, 'No máximo 24 parcelas')
    .refine((p) => p.every((d, i) => i === 0 || d > p[i - 1]!), 'Os dias das parcelas devem ser crescentes')
    .describe('Dias de cada parcela, ex.: [30, 60, 90]'),
  ativo: zBool.default(true),
});
export const condicaoPagamento = z.object({
  uid: z.string(), nome: z.string(), base: z.string(), parcelas: z.array(z.number()), ativo: z.boolean(),
  descricao: z.string().describe('Ex.: "30/60/90 dias da emissão"'), criadoEm: z.string(), atualizadoEm: z.string(),
});

export const preFaturaInput = z.object({
  transportadorUid: zUid,
  unidadeTransportadorUid: z.preprocess((v) => (v === '' ? null : v), zUid.nullish()).transform((v) => v ?? null),
  auditoriaUids: z.array(zUid, { error: CAMPO.obrigatorio }).min(1, 'Selecione ao menos um CT-e').max(5000),
  observacao: zTextoOpcional(500),
});
export const preFaturaUpdate = z.object({
  /** The audits (CT-es) the pre-invoice keeps; only while Aberta. */
  auditoriaUids: z.array(zUid).min(1, 'Selecione ao menos um CT-e').max(5000).optional(),
  observacao: zTextoOpcional(500),
});
export const preFatura = z.object({
  uid: z.string(), transportadorUid: z.string(), transportadorNome: z.string().nullable(), unidadeTransportadorUid: z.string().nullable(),
  embarcadorUid: z.string(), embarcadorNome: z.string().nullable().describe('O embarcador (a lista do usuário transportador reúne todos os que o vinculam)'),
  status: z.number().int().describe('1 Aberta, 2 Liberada, 3 Faturada, 4 Cancelada'), statusLabel: z.string(), statusCor: z.string(),
  valorTotal: z.number(), quantidadeCtes: z.number().int(), automatica: z.boolean(), liberadaEm: z.string().nullable(),
  observacao: z.string().nullable(), criadoEm: z.string(), atualizadoEm: z.string(),
});
export const preFaturaCte = z.object({
  auditoriaUid: z.string(), cteUid: z.string(), chaveCte: z.string(), numeroCte: z.number().int(), serieCte: z.number().int(), emissao: z.string(),
  valorCobrado: z.number(), valorEsperado: z.number().nullable(), status: z.number().int(), statusLabel: z.string(),
});

/** GET fatura/pre-fatura/auditorias-disponiveis: the pool a pre-invoice may be built from. */
export const preFaturaDisponiveisQuery = z.object({
  transportadorUid: zUid,
  unidadeTransportadorUid: z.preprocess((v) => (v === '' ? undefined : v), zUid.optional()),
  emissaoDe: zData.optional(),
  emissaoAte: zData.optional(),
});
export const preFaturaDisponivel = preFaturaCte.extend({
  unidadeTransportadorUid: z.string().nullable(),
  preFaturaUid: z.string().nullable().describe('A pré-fatura aberta em que o CT-e está (sai dela ao entrar na nova)'),
});

const zValorPositivo = zDecimal(2).refine((s) => Number(s) > 0, { message: 'Deve ser maior que zero' });

export const rpaCalcularInput = z.object({
  unidadeTransportadorUid: zUid.describe('Unidade do transportador marcada como autônoma (indicaAutonomo)'),
  motoristaUid: z.preprocess((v) => (v === '' ? null : v), zUid.nullish()).transform((v) => v ?? null),
  data: zData.describe('Data do serviço: escolhe a tabela de INSS/IRRF vigente'),
  valorFrete: zValorPositivo,
  dependentes: z.number({ error: CAMPO.numeroInvalido }).int(CAMPO.numeroInvalido).min(0, CAMPO.valorMinimo(0)).max(30, CAMPO.valorMaximo(30)).default(0),
  aliquotaIss: zDecimal(4, 5).nullish().transform((v) => v ?? null).describe('ISS retido (%), quando a configuração manda'),
  descricao: zTextoOpcional(500),
});
export const rpaCalculo = z.object({
  vigenciaInicio: z.string(), valorBruto: z.number(), baseInss: z.number(), baseInssLimitada: z.number(), baseInssUtilizadaNoMes: z.number(),
  inss: z.number(), sest: z.number(), senat: z.number(), rendimentoIrrf: z.number(), baseIrrf: z.number(), aliquotaIrrf: z.number(),
  reducaoIrrf: z.number(),
  irrfDoMes: z.number().optional().describe('IRRF do mês do motorista (esta RPA e as outras do mês, não canceladas)'),
  irrfRetidoNoMes: z.number().optional().describe('IRRF já retido pelas outras RPAs do mês'),
  irrf: z.number().describe('IRRF retido nesta RPA: o do mês menos o já retido'), iss: z.number(), inssPatronal: z.number(), totalDescontos: z.number(), valorLiquido: z.number(),
  memoria: z.array(z.string()),
});
export const rpa = z.object({
  uid: z.string(), numero: z.number().int(), unidadeTransportadorUid: z.string(), unidadeNome: z.string().nullable(), motoristaUid: z.string().nullable(),
  data: z.string(), descricao: z.string().nullable(), valorFrete: z.number(), dependentes: z.number().int(), aliquotaIss: z.number().nullable(),
  calculo: rpaCalculo, valorLiquido: z.number(), status: z.number().int().describe('1 Calculado, 2 Emitido, 3 Cancelado'), statusLabel: z.string(),
  emitidoEm: z.string().nullable(), criadoEm: z.string(), atualizadoEm: z.string(),
});
// RPA tables of a shipper (dated versions of the INSS/SEST/SENAT rates, the INSS ceiling and the IRRF
// brackets). A version covers its dates in place of the built-in legal table (packages/core/src/rpa/tabelas.ts).
const zPct = zDecimal(4, 100);
const zFaixaNum = (rotulo: string) => z.number({ error: `${rotulo}: ${CAMPO.numeroInvalido}` }).min(0, `${rotulo}: ${CAMPO.valorMinimo(0)}`);
export const faixaIrrfInput = z.object({
  ate: zFaixaNum('Até').nullable().describe('Limite superior da faixa (R$); null na última'),
  aliquota: zFaixaNum('Alíquota').max(100, CAMPO.valorMaximo(100)),
  deducao: zFaixaNum('Parcela a deduzir'),
});
const zOpcionalNum = z.preprocess((v) => (v === '' ? null : v), zDecimal(6).nullish()).transform((v) => v ?? null);
export const tabelaRpaInput = z.object({
  vigenciaInicio: zData.describe('Primeiro dia em que vale'),
  vigenciaFim: z.preprocess((v) => (v === '' ? null : v), zData.nullish()).transform((v) => v ?? null).describe('Último dia; vazio = sem fim'),
  tetoInss: zDecimal(2).refine((v) => Number(v) > 0, 'Deve ser maior que zero').describe('Teto do salário de contribuição (R$/mês)'),
  percentualBaseInss: zPct.default('20'),
  aliquotaInss: zPct.default('11'),
  aliquotaSest: zPct.default('1.5'),
  aliquotaSenat: zPct.default('1'),
  aliquotaInssPatronal: zPct.default('20'),
  percentualBaseIrrf: zPct.default('10'),
  deducaoDependente: zDecimal(2).default('189.59'),
  faixasIrrf: z.array(faixaIrrfInput, { error: CAMPO.obrigatorio }).min(1, 'Informe ao menos uma faixa do IRRF').max(10, 'No máximo 10 faixas')
    .refine((f) => f.every((x, i) => (i === f.length - 1 ? x.ate === null : x.ate !== null)), 'Só a última faixa fica sem limite (e ela fica sem limite)')
    .refine((f) => f.every((x, i) => i === 0 || x.ate === null || (f[i - 1]!.ate !== null && x.ate > f[i - 1]!.ate!)), 'Os limites das faixas devem ser crescentes'),
  reducaoAte: zOpcionalNum.describe('Redução do IRRF (Lei 15.270/2025): imposto zero até este rendimento'),
  reducaoMaximo: zOpcionalNum,
  reducaoAteFaixa: zOpcionalNum.describe('Redução decrescente até este rendimento'),
  reducaoConstante: zOpcionalNum,
  reducaoCoeficiente: zOpcionalNum,
  fonte: zTextoOpcional(500).describe('Fonte legal de cada valor'),
});
/** Cross-field checks of a table version (the server answers 400 on the named field). */
export function conferirTabelaRpa(t: { vigenciaInicio: string; vigenciaFim: string | null; reducaoAte: string | null; reducaoMaximo: string | null; reducaoAteFaixa: string | null; reducaoConstante: string | null; reducaoCoeficiente: string | null }): { field: string; message: string } | null {
  if (t.vigenciaFim && t.vigenciaFim < t.vigenciaInicio) return { field: 'vigenciaFim', message: 'O fim da vigência não pode ser antes do início' };
  const r = [t.reducaoAte, t.reducaoMaximo, t.reducaoAteFaixa, t.reducaoConstante, t.reducaoCoeficiente];
  if (r.some((v) => v !== null) && r.some((v) => v === null)) return { field: 'reducaoAte', message: 'Preencha todos os campos da redução do IRRF, ou nenhum' };
  return null;
}
export const tabelaRpa = z.object({
  uid: z.string(), vigenciaInicio: z.string(), vigenciaFim: z.string().nullable(), tetoInss: z.number(), percentualBaseInss: z.number(), aliquotaInss: z.number(),
  aliquotaSest: z.number(), aliquotaSenat: z.number(), aliquotaInssPatronal: z.number(), percentualBaseIrrf: z.number(), deducaoDependente: z.number(),
  faixasIrrf: z.array(z.object({ ate: z.number().nullable(), aliquota: z.number(), deducao: z.number() })),
  reducaoAte: z.number().nullable(), reducaoMaximo: z.number().nullable(), reducaoAteFaixa: z.number().nullable(), reducaoConstante: z.number().nullable(),
  reducaoCoeficiente: z.number().nullable(), fonte: z.string().nullable(), criadoEm: z.string(), atualizadoEm: z.string(),
});

export const rpaTitulo = z.object({
  uid: z.string(), rpaUid: z.string(), rpaNumero: z.number().int().nullable(), tipo: z.string(), favorecido: z.string(), valor: z.number(), vencimento: z.string(),
  status: z.number().int().describe('1 Em aberto, 2 Pago, 3 Cancelado'), statusLabel: z.string(), dataPagamento: z.string().nullable(),
  valorPago: z.number().nullable(), criadoEm: z.string(), atualizadoEm: z.string(),
});
export const rpaTituloPagamentoInput = z.object({
  dataPagamento: zData.nullable().describe('null desfaz o pagamento'),
  valorPago: zDecimal(2).nullish().transform((v) => v ?? null),
});

// Invoices (fatura): the carrier's bill for a set of its CT-es. Typed by the shipper (or created from a
// released pre-invoice); `validar` checks it, `reabrir` undoes that, `data-pagamento` settles it.
const zUidOpcional = z.preprocess((v) => (v === '' ? null : v), zUid.nullish()).transform((v) => v ?? null);
const zDataOpcional = z.preprocess((v) => (v === '' ? null : v), zData.nullish()).transform((v) => v ?? null);

export const faturaInput = z.object({
  transportadorUid: zUid,
  unidadeTransportadorUid: zUidOpcional.describe('Unidade do transportador que emitiu a fatura (os CT-es devem ser dela)'),
  preFaturaUid: zUidOpcional.describe('Pré-fatura liberada de onde vêm os CT-es (sem cteUids)'),
  condicaoPagamentoUid: zUidOpcional.describe('Sem vencimento, o vencimento sai da condição (dia útil seguinte)'),
  numero: zTexto(30),
  emissao: zData,
  vencimento: zDataOpcional,
  valor: zDecimal(2, 1e12).describe('Valor cobrado na fatura'),
  valorDesconto: zDecimal(2, 1e12).nullish().transform((v) => v ?? '0')
    .describe('Desconto do saldo da conta corrente do transportador (abatido na validação)'),
  // null: the form's "CT-es da fatura" left empty (a pre-invoice brings its own) — same as absent.
  cteUids: z.array(zUid).max(5000, 'No máximo 5.000 CT-es').nullish().transform((v) => v ?? undefined)
    .describe('CT-es da fatura; com preFaturaUid, os da pré-fatura'),
  observacao: zTextoOpcional(500),
});
export const faturaUpdate = faturaInput.partial().extend({ observacao: zTextoOpcional(500) });
export const fatura = z.object({
  uid: z.string(), transportadorUid: z.string(), transportadorNome: z.string().nullable(), unidadeTransportadorUid: z.string().nullable(),
  unidadeNome: z.string().nullable(), preFaturaUid: z.string().nullable(), condicaoPagamentoUid: z.string().nullable(),
  condicaoPagamentoNome: z.string().nullable(), numero: z.string(), emissao: z.string(), vencimento: z.string(), valor: z.number(),
  valorDesconto: z.number(), valorCtes: z.number().describe('Soma dos CT-es da fatura'), quantidadeCtes: z.number().int(),
  status: z.number().int().describe('1 Aberta, 2 Validada, 3 Paga'), statusLabel: z.string(), statusCor: z.string(),
  validadaEm: z.string().nullable(), dataPagamento: z.string().nullable(), observacao: z.string().nullable(),
  criadoEm: z.string(), atualizadoEm: z.string(),
});
export const faturaCtesListInput = z.object({
  unidadeTransportadorUid: zUid.describe('Unidade do transportador (ou o próprio transportador: todas as suas unidades)'),
  embarcadorUid: zUidOpcional.describe('Embarcador ativo (outro embarcador: 400)'),
});
export const faturaCte = z.object({
  cteUid: z.string(), chave: z.string(), numero: z.number().int(), serie: z.number().int(), emissao: z.string(),
  origem: z.string().nullable(), destino: z.string().nullable(), valor: z.number().describe('Valor do CT-e na fatura (o cobrado)'),
  auditoriaUid: z.string().nullable(), auditoriaStatus: z.number().int().nullable(), auditoriaStatusLabel: z.string().nullable(),
  valorEsperado: z.number().nullable(),
});
export const faturaPagamentoInput = z.object({
  dataPagamento: zData.nullable().describe('null desfaz o pagamento (volta a Validada)'),
});
export const contaCorrenteLancamento = z.object({
  uid: z.string(), data: z.string(), valor: z.number().describe('Positivo: o transportador deve ao embarcador'), historico: z.string(),
  documentoTipo: z.string(), documentoUid: z.string(), saldo: z.number().describe('Saldo depois deste lançamento'),
});
export const contaCorrente = z.object({
  transportadorUid: z.string(), transportadorNome: z.string().nullable(),
  saldo: z.number().describe('Soma de todos os lançamentos (no banco, numeric)'),
  totalRecords: z.number().int().describe('Lançamentos ao todo'), pc: z.number().int(), pps: z.number().int(),
  lancamentos: z.array(contaCorrenteLancamento).describe('A página pedida, do mais recente ao mais antigo'),
  descontoEmFaturasAbertas: z.number().describe('Descontos já digitados em faturas abertas (lançados só na validação)'),
  descontoSugerido: z.number().describe('Saldo positivo menos os descontos das faturas abertas: o desconto sugerido na próxima fatura'),
});
export const contaCorrenteQuery = z.object({
  pc: z.coerce.number({ error: CAMPO.numeroInvalido }).int(CAMPO.numeroInvalido).min(1, CAMPO.valorMinimo(1)).default(1).describe('Página (começa em 1)'),
  pps: z.coerce.number({ error: CAMPO.numeroInvalido }).int(CAMPO.numeroInvalido).min(1, CAMPO.valorMinimo(1)).max(500, CAMPO.valorMaximo(500)).default(20)
    .describe('Lançamentos por página (máx. 500)'),
  excetoFaturaUid: zUid.optional().describe('Fatura aberta em edição: o seu desconto não conta em descontoEmFaturasAbertas'),
});

/** A carrier's position with one shipper that links it (carrier users only: GET fatura/transportador/saldos). */
export const saldoComEmbarcador = z.object({
  embarcadorUid: z.string(), embarcadorNome: z.string(),
  preFaturasLiberadas: z.number().int().describe('Pré-faturas liberadas ao transportador, ainda sem fatura'),
  valorPreFaturas: z.number(),
  faturasAbertas: z.number().int().describe('Faturas abertas (à espera de validação)'), valorAbertas: z.number(),
  faturasValidadas: z.number().int().describe('Faturas validadas, à espera de pagamento'), valorValidadas: z.number(),
  proximoVencimento: z.string().nullable().describe('Vencimento mais próximo das faturas abertas ou validadas'),
  faturasPagas: z.number().int(), valorPago: z.number(),
  saldoContaCorrente: z.number().describe('Positivo: o transportador deve ao embarcador (a descontar nas próximas faturas)'),
  aReceber: z.number().describe('Faturas abertas + validadas'),
});
export const saldosTransportador = z.object({
  transportadorUid: z.string(), transportadorNome: z.string(),
  embarcadores: z.array(saldoComEmbarcador),
  totais: saldoComEmbarcador.omit({ embarcadorUid: true, embarcadorNome: true, proximoVencimento: true }),
});
