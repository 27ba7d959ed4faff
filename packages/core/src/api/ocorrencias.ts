import Decimal from 'decimal.js';
import { z } from 'zod';
import { ACOES_OCORRENCIA_VALORES, ACAO_OCORRENCIA, TIPO_COBRANCA_OCORRENCIA } from '../ocorrencias.ts';
import { zBool, zDinheiro, zTexto, zTextoOpcional, zUid } from '../zod.ts';
import { auditado } from './common.ts';

const COBRANCA_OBRIGATORIA = 'Informe o tipo e o valor da cobrança adicional';
const SO_COM_COBRANCA = 'Só ocorrências de cobrança adicional têm cobrança';

// Occurrence kinds ------------------------------------------------------------------------------
export const ocorrenciaInput = z
  .object({
    codigo: zTexto(10).regex(/^[0-9A-Za-z]+$/, 'Use só letras e números'),
    descricao: zTexto(150),
    acao: z.union(ACOES_OCORRENCIA_VALORES.map((v) => z.literal(v)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]], {
      error: 'Ação inválida',
    }),
    tipoCobranca: z.enum([TIPO_COBRANCA_OCORRENCIA.PERCENTUAL, TIPO_COBRANCA_OCORRENCIA.VALOR], { error: 'Use P (percentual) ou V (valor)' }).nullish().transform((v) => v ?? null),
    valorCobranca: zDinheiro(4).nullish().transform((v) => v ?? null),
    transporteAereo: zBool.default(false),
    ativo: zBool.default(true),
  })
  .superRefine((o, ctx) => {
    const cobra = o.acao === ACAO_OCORRENCIA.COBRANCA_ADICIONAL;
    if (cobra && !o.tipoCobranca) ctx.addIssue({ code: 'custom', path: ['tipoCobranca'], message: COBRANCA_OBRIGATORIA });
    if (cobra && (o.valorCobranca === null || !new Decimal(o.valorCobranca).gt(0))) {
      ctx.addIssue({ code: 'custom', path: ['valorCobranca'], message: 'A cobrança adicional deve ser maior que zero' });
    }
    if (cobra && o.tipoCobranca === 'P' && o.valorCobranca !== null && new Decimal(o.valorCobranca).gt(1000)) {
      ctx.addIssue({ code: 'custom', path: ['valorCobranca'], message: 'Percentual acima de 1000%' });
    }
    if (!cobra && o.tipoCobranca) ctx.addIssue({ code: 'custom', path: ['tipoCobranca'], message: SO_COM_COBRANCA });
    if (!cobra && o.valorCobranca !== null) ctx.addIssue({ code: 'custom', path: ['valorCobranca'], message: SO_COM_COBRANCA });
  });
export const ocorrencia = z.object({
  uid: z.string(),
  codigo: z.string(),
  descricao: z.string(),
  acao: z.number(),
  acaoNome: z.string(),
  tipoCobranca: z.string().nullable(),
  valorCobranca: z.number().nullable(),
  transporteAereo: z.boolean(),
  ativo: z.boolean(),
  ...auditado,
});
export type Ocorrencia = z.infer<typeof ocorrencia>;

export const acaoOcorrenciaOpcao = z.object({ value: z.number(), label: z.string(), descricao: z.string(), cor: z.string() });
export const ocorrenciaOpcao = z.object({ value: z.string(), label: z.string(), codigo: z.string(), acao: z.number() });

// De-para per carrier ---------------------------------------------------------------------------
export const ocorrenciaDeparaInput = z.object({
  transportadorUid: zUid,
  codigoTransportador: zTexto(10).regex(/^[0-9A-Za-z]+$/, 'Use só letras e números'),
  descricaoTransportador: zTextoOpcional(150),
  ocorrenciaUid: zUid,
});
export const ocorrenciaDepara = z.object({
  uid: z.string(),
  transportadorUid: z.string(),
  transportadorNome: z.string(),
  codigoTransportador: z.string(),
  descricaoTransportador: z.string().nullable(),
  ocorrenciaUid: z.string(),
  ocorrenciaCodigo: z.string(),
  ocorrenciaDescricao: z.string(),
  ...auditado,
});
export type OcorrenciaDepara = z.infer<typeof ocorrenciaDepara>;
export const ocorrenciaDeparaOpcao = z.object({ value: z.string(), label: z.string(), codigoTransportador: z.string(), ocorrenciaUid: z.string(), embarcadorNome: z.string() });

export const copiarDeparaQuery = z.object({
  // Optional in the schema so that a carrier of another shipper answers 404 before the query is judged.
  destinoUid: zUid.optional().describe('Transportador que recebe o de-para (o do caminho é a origem); obrigatório'),
  substituir: z.enum(['true', 'false']).optional().describe('true: códigos que o destino já tem passam a apontar como na origem'),
});
export const copiarDeparaResposta = z.object({ copiados: z.number(), atualizados: z.number(), mantidos: z.number() });

// "Sem de-para" queue ---------------------------------------------------------------------------
export const ocorrenciaSemDepara = z.object({
  uid: z.string(),
  transportadorUid: z.string().nullable(),
  cnpjTransportador: z.string(),
  nomeTransportador: z.string().nullable(),
  codigoTransportador: z.string(),
  quantidade: z.number(),
  ultimaEm: z.string(),
  ...auditado,
});
