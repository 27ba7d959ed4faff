import { ufValida } from '../frete/ufs.ts';
import { opcional, z, zBool, zTexto, zTextoOpcional, zUf } from '../zod.ts';

// Sectors (setor) and zones (zona): shipper registers that group deliveries.
export const setorInput = z.object({
  codigo: zTexto(20),
  nome: zTexto(120),
  descricao: zTextoOpcional(255),
  ativo: zBool.default(true),
});
export const setor = z.object({
  uid: z.string(),
  codigo: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Setor = z.infer<typeof setor>;

export const zonaInput = z.object({
  codigo: zTexto(20),
  nome: zTexto(120),
  descricao: zTextoOpcional(1000).describe('O que a zona abrange (cidades, bairros, faixas de CEP), em texto livre'),
  uf: opcional(zUf.refine(ufValida, { message: 'UF inválida' })).describe('UF da zona, quando ela fica em uma só'),
  ativo: zBool.default(true),
});
export const zona = z.object({
  uid: z.string(),
  codigo: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  uf: z.string().nullable(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Zona = z.infer<typeof zona>;

/** GET /setor/list, /zona/list: active records for selects, label 'CODIGO - Nome'. */
export const setorZonaListaQuery = z.object({
  q: z.string().trim().max(100, 'Deve ter no máximo 100 caracteres').optional().describe('Trecho do código ou do nome (sem acentos)'),
  src: z.string().optional(),
});
export const zonaListaQuery = setorZonaListaQuery.extend({
  uf: z.string().trim().toUpperCase().length(2, 'UF inválida').optional().describe('Só zonas desta UF (e as sem UF)'),
});
export const setorOpcao = z.object({ value: z.string(), label: z.string(), codigo: z.string(), nome: z.string() });
export const zonaOpcao = setorOpcao.extend({ uf: z.string().nullable() });
