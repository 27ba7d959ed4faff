import { isValidCnh, isValidLicensePlate, isValidRenavam } from '@brazilian-utils/brazilian-utils';
import { somenteDigitos } from '../documentos.ts';
import { CNH_CATEGORIAS_VALORES, PROPRIETARIOS_VEICULO_VALORES, TIPOS_CARROCERIA_VALORES } from '../enums.ts';
import { ufValida } from '../frete/ufs.ts';
import { CAMPO } from '../mensagens.ts';
import { opcional, z, zBool, zCpf, zData, zNome, zTexto, zUf, zUid } from '../zod.ts';
import { zTelefone } from './pessoas.ts';
import { zDecimal, zDecimalOpcional } from './produtos.ts';

// Fleet: vehicle types (global catalogue + each shipper's additions) and each carrier's drivers and vehicles.
export const zUfValida = zUf.refine(ufValida, { message: 'UF inválida' });

/** Upper case without hyphen/spaces: 'abc-1234' → 'ABC1234', 'abc1d23' → 'ABC1D23'. */
export const normalizarPlaca = (v: string) => v.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** 'ABC1234' → 'ABC-1234'; Mercosul ('ABC1D23') and partial plates as they are (a hyphen once the 5th is a digit). */
export function formatarPlaca(v: string | null | undefined): string {
  const p = normalizarPlaca(v ?? '');
  return p.length >= 5 && /^[A-Z]{3}\d\d/.test(p) ? `${p.slice(0, 3)}-${p.slice(3)}` : p;
}
/** Old (ABC1234) or Mercosul (ABC1D23) plate. */
export const placaValida = (v: string) => {
  const p = normalizarPlaca(v);
  return /^[A-Z]{3}\d[A-Z0-9]\d{2}$/.test(p) && isValidLicensePlate(p);
};
export const zPlaca = z.string({ error: CAMPO.obrigatorio }).transform(normalizarPlaca).refine(placaValida, { message: 'Placa inválida' });

/** RENAVAM: 11 digits (the old 9-digit form is left-padded with zeros) with a valid check digit. */
export const zRenavam = z
  .union([z.string(), z.number()], { error: CAMPO.obrigatorio })
  .transform((v) => {
    const d = somenteDigitos(String(v));
    return d.length === 9 || d.length === 10 ? d.padStart(11, '0') : d;
  })
  .refine((d) => d.length === 11 && isValidRenavam(d), { message: 'RENAVAM inválido' });

export const zCnh = z
  .union([z.string(), z.number()], { error: CAMPO.obrigatorio })
  .transform((v) => somenteDigitos(String(v)))
  .refine((d) => d.length === 11 && isValidCnh(d), { message: 'CNH inválida' });

/** Today's date (YYYY-MM-DD) in São Paulo. */
export const hojeSaoPaulo = (agora = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(agora);
/** A CNH valid until `validade` (inclusive) is expired from the next day on. */
export const cnhVencida = (validade: string, hoje = hojeSaoPaulo()) => validade < hoje;
export const MSG_CNH_VENCIDA = 'Registro salvo com sucesso. Atenção: CNH vencida.';

// Vehicle types.
export const tipoVeiculoInput = z.object({
  nome: zTexto(80),
  capacidadeKg: zDecimal(2, 1e8).describe('Carga útil em kg'),
  capacidadeM3: zDecimal(2, 1e6).describe('Volume útil em m³'),
  eixos: z
    .number({ error: 'Deve ser um número inteiro' })
    .int('Deve ser um número inteiro')
    .min(1, CAMPO.valorMinimo(1))
    .max(9, CAMPO.valorMaximo(9)),
  tipoCarroceria: z.enum(TIPOS_CARROCERIA_VALORES),
  ativo: zBool.default(true),
});
export const tipoVeiculo = z.object({
  uid: z.string(),
  nome: z.string(),
  capacidadeKg: z.number(),
  capacidadeM3: z.number(),
  eixos: z.number().int(),
  tipoCarroceria: z.string(),
  /** true: the global catalogue (read-only to shippers). */
  global: z.boolean(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type TipoVeiculo = z.infer<typeof tipoVeiculo>;
export const tipoVeiculoOpcao = z.object({
  value: z.string(),
  label: z.string(),
  capacidadeKg: z.number(),
  capacidadeM3: z.number(),
  eixos: z.number().int(),
  tipoCarroceria: z.string(),
  global: z.boolean(),
  ativo: z.boolean(),
});
export type TipoVeiculoOpcao = z.infer<typeof tipoVeiculoOpcao>;

// Drivers of a carrier.
export const motoristaInput = z.object({
  nome: zNome(150),
  cpf: zCpf,
  cnhNumero: zCnh,
  cnhCategoria: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(CNH_CATEGORIAS_VALORES)),
  cnhValidade: zData.describe('YYYY-MM-DD; vencida é aceita, com cnhVencida=true e aviso na mensagem'),
  telefone: opcional(zTelefone),
  ativo: zBool.default(true),
});
export const motorista = z.object({
  uid: z.string(),
  transportadorUid: z.string(),
  nome: z.string(),
  cpf: z.string(),
  cnhNumero: z.string(),
  cnhCategoria: z.string(),
  cnhValidade: z.string(),
  cnhVencida: z.boolean(),
  telefone: z.string().nullable(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Motorista = z.infer<typeof motorista>;

// Vehicles of a carrier.
const anoMax = () => new Date().getFullYear() + 1;
export const veiculoInput = z.object({
  placa: zPlaca.describe('ABC1234 ou Mercosul ABC1D23 (hífen e minúsculas aceitos; gravada sem hífen)'),
  renavam: zRenavam,
  tipoVeiculoUid: zUid,
  capacidadeKg: zDecimalOpcional(2, 1e8).describe('Padrão: a do tipo de veículo'),
  capacidadeM3: zDecimalOpcional(2, 1e6).describe('Padrão: a do tipo de veículo'),
  ano: opcional(
    z
      .number({ error: 'Deve ser um número inteiro' })
      .int('Deve ser um número inteiro')
      .min(1950, CAMPO.valorMinimo(1950))
      .refine((a) => a <= anoMax(), { message: 'Ano inválido' }),
  ),
  proprietario: z.enum(PROPRIETARIOS_VEICULO_VALORES).default('PROPRIO'),
  ufLicenciamento: opcional(zUfValida),
  ativo: zBool.default(true),
});
export const veiculo = z.object({
  uid: z.string(),
  transportadorUid: z.string(),
  placa: z.string(),
  renavam: z.string(),
  tipoVeiculoUid: z.string(),
  tipoVeiculoNome: z.string(),
  capacidadeKg: z.number(),
  capacidadeM3: z.number(),
  ano: z.number().int().nullable(),
  proprietario: z.string(),
  ufLicenciamento: z.string().nullable(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Veiculo = z.infer<typeof veiculo>;

/** GET /motoristas/list and /veiculos/list: active records of the carriers the caller sees. */
export const frotaListaQuery = z.object({
  q: z.string().trim().max(100, 'Deve ter no máximo 100 caracteres').optional().describe('Trecho do nome/placa, ou dígitos do CPF'),
  transportadorUid: zUid.optional().describe('Só deste transportador'),
  src: z.string().optional(),
});
export const veiculosListaQuery = frotaListaQuery.extend({
  tp: zUid.optional().describe('Tipo de veículo (tipoVeiculoUid)'),
});
export const motoristaOpcao = z.object({
  value: z.string(),
  label: z.string().describe("'Nome - 000.000.000-00 (Transportador)'"),
  nome: z.string(),
  cpf: z.string(),
  cnhCategoria: z.string(),
  cnhVencida: z.boolean(),
  transportadorUid: z.string(),
  transportadorNome: z.string(),
});
export const veiculoOpcao = z.object({
  value: z.string(),
  label: z.string().describe("'ABC1D23 - Truck (Transportador)'"),
  placa: z.string(),
  tipoVeiculoUid: z.string(),
  tipoVeiculoNome: z.string(),
  capacidadeKg: z.number(),
  capacidadeM3: z.number(),
  transportadorUid: z.string(),
  transportadorNome: z.string(),
});
