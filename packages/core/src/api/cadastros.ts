import { z, zBool, zTexto, zTextoOpcional, zUid } from '../zod.ts';

// Simple shipper registers: cost centres and departments.
export const centroCustoInput = z.object({
  codigo: zTexto(20),
  nome: zTexto(120),
  ativo: zBool.default(true),
});
export const centroCusto = z.object({
  uid: z.string(),
  codigo: z.string(),
  nome: z.string(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type CentroCusto = z.infer<typeof centroCusto>;

export const departamentoInput = z.object({
  nome: zTexto(120),
  descricao: zTextoOpcional(255),
  centroCustoUid: zUid.nullish().transform((v) => v ?? null),
  ativo: zBool.default(true),
});
export const departamento = z.object({
  uid: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  centroCustoUid: z.string().nullable(),
  centroCustoNome: z.string().nullable(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Departamento = z.infer<typeof departamento>;
