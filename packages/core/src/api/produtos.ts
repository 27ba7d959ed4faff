import { isValidNcm } from '@brazilian-utils/brazilian-utils';
import { somenteDigitos } from '../documentos.ts';
import { UNIDADES_VALORES } from '../enums.ts';
import { CAMPO } from '../mensagens.ts';
import { z, zBool, zDinheiro, zTexto } from '../zod.ts';

// Products (produtos) of a shipper: what its freight carries.

/** GTIN/EAN (8, 12, 13 or 14 digits) with a valid modulo-10 check digit. */
export function gtinValido(v: string): boolean {
  const d = somenteDigitos(v);
  if (![8, 12, 13, 14].includes(d.length) || /^0+$/.test(d)) return false;
  let soma = 0;
  for (let i = d.length - 2, peso = 3; i >= 0; i--, peso = peso === 3 ? 1 : 3) soma += Number(d[i]) * peso;
  return (10 - (soma % 10)) % 10 === Number(d[d.length - 1]);
}

/** NCM: 8 digits (mask NNNN.NN.NN accepted) that exist in the official table (isValidNcm). */
export const zNcm = z
  .union([z.string(), z.number()], { error: CAMPO.obrigatorio })
  .transform((v) => somenteDigitos(String(v)).padStart(typeof v === 'number' ? 8 : 0, '0'))
  .refine((d) => d.length === 8 && isValidNcm(d), { message: 'NCM inválido' });

/** A non-negative decimal (number or comma/dot text) with at most `casas` places; out: decimal string. */
export const zDecimal = (casas: number, max?: number) =>
  zDinheiro(casas)
    .refine((s) => Number(s) >= 0, { message: CAMPO.valorMinimo(0) })
    .refine((s) => max === undefined || Number(s) <= max, { message: CAMPO.valorMaximo(max ?? 0) });

const blank = (v: unknown) => (v === '' || (typeof v === 'string' && v.trim() === '') ? undefined : v);
/** Optional decimal: blank/absent → null. */
export const zDecimalOpcional = (casas: number, max?: number) =>
  z.preprocess(blank, zDecimal(casas, max).nullish()).transform((v) => v ?? null);

export const produtoInput = z
  .object({
    codigo: zTexto(60).describe('Código do produto (único no embarcador)'),
    descricao: zTexto(255),
    ncm: zNcm.describe('NCM de 8 dígitos da tabela oficial'),
    unidade: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v), z.enum(UNIDADES_VALORES).default('UN')),
    pesoBrutoKg: zDecimalOpcional(3, 1e10),
    pesoLiquidoKg: zDecimalOpcional(3, 1e10),
    comprimentoCm: zDecimalOpcional(2, 1e7),
    larguraCm: zDecimalOpcional(2, 1e7),
    alturaCm: zDecimalOpcional(2, 1e7),
    m3: zDecimalOpcional(6, 1e7).describe('m³ por unidade; calculado de comprimento × largura × altura quando omitido'),
    valorUnitario: zDecimalOpcional(2, 1e11),
    ean: z
      .preprocess(blank, z.union([z.string(), z.number()]).nullish())
      .transform((v) => (v === null || v === undefined ? null : somenteDigitos(String(v))))
      .refine((v) => v === null || gtinValido(v), { message: 'EAN/GTIN inválido' }),
    isentoCubagem: zBool.default(false).describe('Isento de cubagem: uma carga só de produtos isentos é cobrada pelo peso real (sem peso cubado) em toda tabela'),
    ativo: zBool.default(true),
  })
  .superRefine((p, ctx) => {
    if (p.pesoBrutoKg !== null && p.pesoLiquidoKg !== null && Number(p.pesoLiquidoKg) > Number(p.pesoBrutoKg)) {
      ctx.addIssue({ code: 'custom', path: ['pesoLiquidoKg'], message: 'Peso líquido maior que o peso bruto' });
    }
  });
export type ProdutoInput = z.infer<typeof produtoInput>;

export const produto = z.object({
  uid: z.string(),
  codigo: z.string(),
  descricao: z.string(),
  ncm: z.string(),
  unidade: z.string(),
  pesoBrutoKg: z.number().nullable(),
  pesoLiquidoKg: z.number().nullable(),
  comprimentoCm: z.number().nullable(),
  larguraCm: z.number().nullable(),
  alturaCm: z.number().nullable(),
  m3: z.number().nullable(),
  valorUnitario: z.number().nullable(),
  ean: z.string().nullable(),
  isentoCubagem: z.boolean(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Produto = z.infer<typeof produto>;

export const produtosListaQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Deve ter no máximo 100 caracteres')
    .optional()
    .describe('Prefixo do código OU trecho da descrição (sem acentos/maiúsculas)'),
  src: z.string().optional(),
});
export const produtoOpcao = z.object({
  value: z.string(),
  label: z.string().describe("'CODIGO - Descrição'"),
  codigo: z.string(),
  descricao: z.string(),
  ncm: z.string(),
  unidade: z.string(),
});
export type ProdutoOpcao = z.infer<typeof produtoOpcao>;
