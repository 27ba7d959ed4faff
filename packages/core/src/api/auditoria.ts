import { CAMPO } from '../mensagens.ts';
import { z, zBool, zData, zTexto, zTextoOpcional, zUid } from '../zod.ts';
import { zDecimal, zDecimalOpcional } from './produtos.ts';

// Freight audit: tolerances, audits (one per CT-e) and the special taxes accepted on one audit.

const zCodigoComponente = z.string({ error: CAMPO.obrigatorio }).trim().toUpperCase().min(1, CAMPO.obrigatorio).max(40, CAMPO.maximo(40));
const zCodigoOpcional = z.preprocess((v) => (v === '' ? null : v), zCodigoComponente.nullish()).transform((v) => v ?? null);
const zUidOpcional = z.preprocess((v) => (v === '' ? null : v), zUid.nullish()).transform((v) => v ?? null);

export const toleranciaAuditoriaInput = z.object({
  transportadorUid: zUidOpcional.describe('Transportador; vazio = todos'),
  componente: zCodigoOpcional.describe('Código do componente no catálogo; vazio = total e componentes sem tolerância própria; PESO_BASE = peso base de cálculo declarado no CT-e (valores em kg)'),
  percentualAcima: zDecimalOpcional(4, 100).describe('Cobrança acima: % do esperado'),
  valorAcima: zDecimalOpcional(2).describe('Cobrança acima: R$'),
  percentualAbaixo: zDecimalOpcional(4, 100),
  valorAbaixo: zDecimalOpcional(2),
  aceitarAbaixo: zBool.default(false).describe('Aceitar automaticamente qualquer cobrança abaixo do esperado'),
});
export const toleranciaAuditoria = z.object({
  uid: z.string(),
  transportadorUid: z.string().nullable(),
  transportadorNome: z.string().nullable(),
  componente: z.string().nullable(),
  percentualAcima: z.number().nullable(),
  valorAcima: z.number().nullable(),
  percentualAbaixo: z.number().nullable(),
  valorAbaixo: z.number().nullable(),
  aceitarAbaixo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});

export const linhaAuditoria = z.object({
  tipo: z.string(),
  componente: z.string().nullable(),
  nomeCte: z.string().nullable(),
  cobrado: z.number().nullable(),
  esperado: z.number().nullable(),
  diferenca: z.number().nullable(),
  percentual: z.number().nullable(),
  tolerancia: z.string().nullable(),
  situacao: z.string(),
  mensagem: z.string(),
});

/** A record the expected value came from, for the detail's links (quotation, its shipment, order, table). */
export const referenciaAuditoria = z.object({
  tipo: z.enum(['COTACAO', 'EMBARQUE', 'PEDIDO', 'TABELA']),
  uid: z.string(),
  numero: z.string().nullable().describe('Número da cotação, do embarque ou do pedido; nome da tabela'),
});
export type ReferenciaAuditoria = z.infer<typeof referenciaAuditoria>;

export const auditoria = z.object({
  uid: z.string(),
  cteUid: z.string(),
  chaveCte: z.string(),
  numeroCte: z.number().int(),
  serieCte: z.number().int(),
  emissao: z.string(),
  transportadorUid: z.string().nullable(),
  transportadorNome: z.string().nullable(),
  status: z.number().int().describe('1 Aprovada, 2 Divergente, 3 Sem cálculo, 4 Aceita, 5 Cancelada'),
  statusLabel: z.string(),
  statusCor: z.string(),
  resultadoCalculo: z.number().int(),
  fonte: z.string().nullable().describe('SPOT, SIMULACAO ou TABELA'),
  referenciaUid: z.string().nullable(),
  referencias: z.array(referenciaAuditoria).describe('Registros de onde veio o valor acordado/calculado (links do detalhe)'),
  valorCobrado: z.number(),
  valorEsperado: z.number().nullable(),
  diferenca: z.number().nullable(),
  resumo: z.string(),
  linhas: z.array(linhaAuditoria),
  memoria: z.unknown().nullable(),
  mensagem: z.string().nullable(),
  aceitaEm: z.string().nullable(),
  auditadaEm: z.string(),
  preFaturaUid: z.string().nullable(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Auditoria = z.infer<typeof auditoria>;

/** PUT auditorias/{uid}: only the note of the audit is free text; values come from the comparison. */
export const auditoriaInput = z.object({ mensagem: zTextoOpcional(1000) });

export const aceitarAuditoriaInput = z.object({
  mensagem: zTexto(1000).describe('Motivo da aceitação do valor cobrado (obrigatório)'),
});

export const reauditarPorPeriodoInput = z
  .object({
    dataInicio: zData,
    dataFim: zData,
    transportadorUid: zUidOpcional,
    /** Only these results (default: everything but Aceita and Cancelada). */
    status: z.array(z.number().int().min(1).max(3)).optional(),
  })
  .refine((v) => v.dataFim >= v.dataInicio, { path: ['dataFim'], message: 'A data final deve ser igual ou posterior à inicial.' });

export const reauditarCteInput = z.object({ cteUid: zUid });

export const taxaEspecialInput = z.object({
  descricao: zTexto(120).describe('Descarga, diária, reentrega…'),
  componente: zCodigoOpcional.describe('Componente do catálogo a que soma; vazio = só ao total'),
  valor: zDecimal(2).refine((s) => Number(s) > 0, { message: CAMPO.valorMinimo(0.01) }),
});
export const taxaEspecial = z.object({
  uid: z.string(),
  auditoriaUid: z.string(),
  descricao: z.string(),
  componente: z.string().nullable(),
  valor: z.number(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
