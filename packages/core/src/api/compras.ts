import { auditado } from './common.ts';
import { calculoResultado } from './frete.ts';
import { zDecimal, zDecimalOpcional } from './produtos.ts';
import { opcional, z, zBool, zCep, zCnpj, zData, zIbge, zTexto, zTextoOpcional, zUid } from '../zod.ts';

// Freight procurement (issue 11): freight requests (solicitações), spot quotations (cotações) with the
// carriers' answers. Decimals travel in as number or comma/dot text and out as numbers.

// Origin and destination of a load, by CEP or municipality (one of the two at each end): shared by requests,
// quotations, pickup orders, orders and load plans.
export const lugar = {
  origemCep: opcional(zCep),
  origemMunicipioIbge: opcional(zIbge),
  destinoCep: opcional(zCep),
  destinoMunicipioIbge: opcional(zIbge),
};
export type Lugar = { origemCep: string | null; origemMunicipioIbge: string | null; destinoCep: string | null; destinoMunicipioIbge: string | null };
export function exigirLugares(v: Lugar, ctx: z.RefinementCtx) {
  if (!v.origemCep && !v.origemMunicipioIbge) ctx.addIssue({ code: 'custom', path: ['origemCep'], message: 'Informe o CEP ou o município de origem' });
  if (!v.destinoCep && !v.destinoMunicipioIbge) ctx.addIssue({ code: 'custom', path: ['destinoCep'], message: 'Informe o CEP ou o município de destino' });
}

const cargaComum = {
  ...lugar,
  remetenteUid: opcional(zUid).describe('Pessoa (cadastro de pessoas) remetente'),
  destinatarioUid: opcional(zUid).describe('Pessoa (cadastro de pessoas) destinatária'),
  dataColetaDesejada: opcional(zData),
  tipoVeiculoUid: opcional(zUid),
  observacao: zTextoOpcional(1000),
};

export const solicitacaoFreteInput = z.object(cargaComum).superRefine(exigirLugares);
export type SolicitacaoFreteInput = z.infer<typeof solicitacaoFreteInput>;

// The same places as they come back, with the municipality's name and UF.
export const itemLugar = {
  origemCep: z.string().nullable(),
  origemMunicipioIbge: z.string().nullable(),
  origemMunicipioNome: z.string().nullable(),
  origemUf: z.string().nullable(),
  destinoCep: z.string().nullable(),
  destinoMunicipioIbge: z.string().nullable(),
  destinoMunicipioNome: z.string().nullable(),
  destinoUf: z.string().nullable(),
};
const totais = {
  pesoTotalKg: z.number(),
  volumeTotalM3: z.number(),
  valorTotal: z.number(),
  quantidadeNfes: z.number().int(),
};
const itemComum = {
  uid: z.string(),
  numero: z.number().int(),
  status: z.number().int(),
  ...itemLugar,
  remetenteUid: z.string().nullable(),
  remetenteNome: z.string().nullable(),
  destinatarioUid: z.string().nullable(),
  destinatarioNome: z.string().nullable(),
  dataColetaDesejada: z.string().nullable(),
  tipoVeiculoUid: z.string().nullable(),
  tipoVeiculoNome: z.string().nullable(),
  observacao: z.string().nullable(),
  ...totais,
  ...auditado,
};
export const solicitacaoFrete = z.object({ ...itemComum, justificativaStatus: z.string().nullable() });
export type SolicitacaoFrete = z.infer<typeof solicitacaoFrete>;

/** NF-e access key: 44 digits, modulo-11 check digit (weights 2..9 from the right). */
function chaveNfeValida(c: string): boolean {
  if (!/^\d{44}$/.test(c)) return false;
  let soma = 0;
  for (let i = 42, peso = 2; i >= 0; i--, peso = peso === 9 ? 2 : peso + 1) soma += Number(c[i]) * peso;
  const resto = soma % 11;
  return (resto < 2 ? 0 : 11 - resto) === Number(c[43]);
}

// Cargo lines and NF-e references, shared by requests and quotations -----------------------------
export const cargaProdutoInput = z.object({
  produtoUid: opcional(zUid).describe('Produto do cadastro (opcional: a descrição basta)'),
  descricao: zTexto(255),
  quantidade: zDecimal(3, 1e9).refine((s) => Number(s) > 0, 'Quantidade deve ser maior que zero'),
  pesoKg: zDecimal(3, 1e10),
  volumeM3: zDecimalOpcional(6, 1e7),
  valor: zDecimal(2, 1e12),
});
export const cargaProduto = z.object({
  uid: z.string(),
  produtoUid: z.string().nullable(),
  produtoCodigo: z.string().nullable(),
  descricao: z.string(),
  quantidade: z.number(),
  pesoKg: z.number(),
  volumeM3: z.number().nullable(),
  valor: z.number(),
  liberadoEm: z.string().nullable().describe('Ordem de coleta: quando o item foi liberado (liberacaoitem)'),
  ...auditado,
});

/**
 * An NF-e the cargo carries. Until the NF-e register lands (issue "Fiscal documents"), every reference
 * is typed here (a virtual NF-e: key and/or number, value, weight); `nfeUid` stays null and will point
 * to the register's record then.
 */
export const cargaNfeInput = z
  .object({
    chave: opcional(
      z
        .string()
        .transform((s) => s.replace(/\D/g, ''))
        .refine((s) => s.length === 44 && chaveNfeValida(s), 'Chave de acesso inválida'),
    ).describe('Chave de acesso (44 dígitos); sem ela, uma NF-e virtual'),
    numero: z.number({ error: 'Número inválido' }).int('Deve ser um número inteiro').positive('Número deve ser maior que zero').max(999999999),
    serie: z.number({ error: 'Número inválido' }).int('Deve ser um número inteiro').min(0, 'Série não pode ser negativa').max(999).default(1),
    emitenteCnpj: opcional(zCnpj),
    valor: zDecimal(2, 1e12),
    pesoKg: zDecimal(3, 1e10),
    volumeM3: zDecimalOpcional(6, 1e7),
    volumes: z.number({ error: 'Número inválido' }).int('Deve ser um número inteiro').min(0, 'Volumes não pode ser negativo').max(1e7).default(0),
  });
export const cargaNfe = z.object({
  uid: z.string(),
  nfeUid: z.string().nullable(),
  virtual: z.boolean(),
  chave: z.string().nullable(),
  numero: z.number().int(),
  serie: z.number().int(),
  emitenteCnpj: z.string().nullable(),
  valor: z.number(),
  pesoKg: z.number(),
  volumeM3: z.number().nullable(),
  volumes: z.number().int(),
  freteEsperado: z.number().nullable().describe('Frete acordado na cotação aprovada, rateado pelo valor (a auditoria confere o CT-e com ele)'),
  liberadoEm: z.string().nullable().describe('Ordem de coleta: quando o item foi liberado (liberacaoitem)'),
  ...auditado,
});

// Spot quotations --------------------------------------------------------------------------------
export const TIPOS_CARGA = ['LTL', 'FTL'] as const;
export const cotacaoFreteInput = z
  .object({
    ...cargaComum,
    tipoCarga: z.enum(TIPOS_CARGA, { error: 'Tipo de carga deve ser LTL (fracionada) ou FTL (lotação)' }).default('LTL'),
    prazoResposta: opcional(z.iso.datetime({ offset: true, error: 'Data e hora inválidas (ISO 8601)' })).describe(
      'Até quando os transportadores podem responder (ISO 8601)',
    ),
    valorAlvo: zDecimalOpcional(2, 1e12).describe('Preço-alvo do embarcador (nunca mostrado aos transportadores)'),
  })
  .superRefine(exigirLugares);
export type CotacaoFreteInput = z.infer<typeof cotacaoFreteInput>;

export const cotacaoFrete = z.object({
  ...itemComum,
  solicitacaoUid: z.string().nullable(),
  solicitacaoNumero: z.number().int().nullable(),
  tipoCarga: z.string(),
  prazoResposta: z.string().nullable(),
  valorAlvo: z.number().nullable().describe('Omitido (null) para usuários de transportadoras'),
  situacaoAprovacao: z.number().int().describe('1 Rascunho, 2 Aberta, 3 Aprovação, 4 Reprovado, 5 Finalizada, 6 Cancelada'),
  indicaAprovacaoUsuario: z.boolean(),
  vencedorTransportadorUid: z.string().nullable(),
  vencedorTransportadorNome: z.string().nullable(),
  valorAprovado: z.number().nullable(),
  aprovadoPorNome: z.string().nullable(),
  aprovadoEm: z.string().nullable(),
  justificativa: z.string().nullable(),
  quantidadeConvidados: z.number().int(),
  quantidadeRespostas: z.number().int(),
});
export type CotacaoFrete = z.infer<typeof cotacaoFrete>;

export const conviteTransportadorInput = z.object({ transportadorUid: zUid });

/** The carrier's answer: one of total, per kg (LTL) or per vehicle (FTL). */
export const respostaCotacaoInput = z
  .object({
    valorTotal: zDecimalOpcional(2, 1e12),
    valorKg: zDecimalOpcional(4, 1e9),
    valorVeiculo: zDecimalOpcional(2, 1e12),
    prazoDiasUteis: z.number({ error: 'Número inválido' }).int('Deve ser um número inteiro').min(0, 'Prazo não pode ser negativo').max(365),
    validade: zData.describe('Validade do preço'),
    horasLivresCarregamento: z.number({ error: 'Número inválido' }).int('Deve ser um número inteiro').min(0, 'Não pode ser negativo').max(720).nullish().transform((v) => v ?? null),
    valorDiaria: zDecimalOpcional(2, 1e9),
    observacao: zTextoOpcional(1000),
  })
  .superRefine((r, ctx) => {
    const n = [r.valorTotal, r.valorKg, r.valorVeiculo].filter((v) => v !== null).length;
    if (n !== 1) ctx.addIssue({ code: 'custom', path: ['valorTotal'], message: 'Informe um valor: total, por kg ou por veículo' });
    for (const k of ['valorTotal', 'valorKg', 'valorVeiculo'] as const) {
      if (r[k] !== null && Number(r[k]) <= 0) ctx.addIssue({ code: 'custom', path: [k], message: 'Valor deve ser maior que zero' });
    }
  });
export type RespostaCotacaoInput = z.infer<typeof respostaCotacaoInput>;

export const cotacaoTransportador = z.object({
  uid: z.string().describe('O uid do transportador (a sub-coleção é identificada por ele)'),
  cotacaoUid: z.string(),
  transportadorUid: z.string(),
  transportadorNome: z.string(),
  convidadoEm: z.string(),
  respondidoEm: z.string().nullable(),
  respondidoPorNome: z.string().nullable(),
  valorTotal: z.number().nullable(),
  valorKg: z.number().nullable(),
  valorVeiculo: z.number().nullable(),
  valorFrete: z.number().nullable().describe('O valor comparável: total, ou por kg × peso, ou por veículo'),
  prazoDiasUteis: z.number().int().nullable(),
  validade: z.string().nullable(),
  horasLivresCarregamento: z.number().int().nullable(),
  valorDiaria: z.number().nullable(),
  observacao: z.string().nullable(),
  vencedor: z.boolean(),
  // Comparison (shipper only; null for carrier users)
  valorMotor: z.number().nullable().describe('Preço do motor de frete pela tabela deste transportador, quando houver'),
  tabelaMotorNome: z.string().nullable(),
  maisBarato: z.boolean(),
  maisRapido: z.boolean(),
});
export type CotacaoTransportador = z.infer<typeof cotacaoTransportador>;

export const aprovacaoInput = z
  .object({
    aprovado: zBool,
    justificativa: zTextoOpcional(1000),
    transportadorUid: opcional(zUid).describe('A resposta vencedora (obrigatória para aprovar, se ainda não escolhida)'),
  })
  .superRefine((a, ctx) => {
    if (!a.aprovado && !a.justificativa) ctx.addIssue({ code: 'custom', path: ['justificativa'], message: 'Informe a justificativa da reprovação' });
  });
export const aprovacaoUsuarioInput = z
  .object({ aprovado: zBool, justificativa: zTextoOpcional(1000) })
  .superRefine((a, ctx) => {
    if (!a.aprovado && !a.justificativa) ctx.addIssue({ code: 'custom', path: ['justificativa'], message: 'Informe a justificativa da reprovação' });
  });
export const cancelamentoInput = z.object({ justificativa: zTexto(1000) });

// Shipments (embarque) ----------------------------------------------------------------------------
export const embarqueInput = z
  .object({
    ...lugar,
    cotacaoUid: opcional(zUid).describe('Cotação finalizada de onde vem o embarque: copia locais, NF-es, vencedor e frete acordado'),
    transportadorUid: opcional(zUid),
    tipoVeiculoUid: opcional(zUid),
    dataEmbarque: opcional(zData),
    observacao: zTextoOpcional(1000),
  })
  .superRefine((v, ctx) => {
    if (!v.cotacaoUid) exigirLugares(v, ctx);
  });
export const embarque = z.object({
  uid: z.string(),
  numero: z.number().int(),
  status: z.number().int().describe('1 Aberto, 2 Embarcado, 3 Concluído, 4 Cancelado'),
  justificativaStatus: z.string().nullable(),
  cotacaoUid: z.string().nullable(),
  cotacaoNumero: z.number().int().nullable(),
  cotacaoStatus: z.number().int().nullable().describe('Status da cotação do embarque'),
  ordemColetaUid: z.string().nullable().describe('A ordem de coleta mais recente gerada do embarque'),
  ordemColetaNumero: z.number().int().nullable(),
  ordemColetaStatus: z.number().int().nullable(),
  transportadorUid: z.string().nullable(),
  transportadorNome: z.string().nullable(),
  ...itemLugar,
  tipoVeiculoUid: z.string().nullable(),
  tipoVeiculoNome: z.string().nullable(),
  dataEmbarque: z.string().nullable(),
  freteAcordado: z.number().nullable(),
  prazoAcordadoDiasUteis: z.number().int().nullable().describe('Prazo acordado (dias úteis) da resposta aprovada'),
  observacao: z.string().nullable(),
  ...totais,
  volumes: z.number().int(),
  ...auditado,
});
export type Embarque = z.infer<typeof embarque>;
export const justificativaStatusInput = z.object({ justificativaStatus: zTexto(1000) });

export const simulacaoFrete = z.object({
  uid: z.string(),
  embarqueUid: z.string(),
  criadoEm: z.string(),
  pesoKg: z.number(),
  valorMercadoria: z.number(),
  quantidadeCotacoes: z.number().int(),
  melhorValor: z.number().nullable(),
});
export const simulacaoFreteCompleta = simulacaoFrete.extend({
  resultado: calculoResultado.describe('O resultado do motor como foi calculado: cotações ordenadas (com os componentes) e as tabelas que não cotaram'),
});
