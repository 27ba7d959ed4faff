import { listaOu } from '../frete/rotulos.ts';
import { contato, contatoInput, localizacao, localizacaoInput } from './local.ts';
import { opcional, z, zBool, zCnpj, zDocumento, zEmail, zNome, zTexto, zTextoOpcional, zUid } from '../zod.ts';

// Carriers (global records, linked to shippers), their units and their users.
export const transportadorInput = z.object({
  nome: zTexto(150),
  nomeFantasia: zTextoOpcional(150),
  cnpj: zCnpj,
  ie: zTextoOpcional(20),
  rntrc: opcional(z.string().trim().regex(/^\d{1,12}$/, 'RNTRC inválido')),
  simplesNacional: zBool.default(false).describe('Optante do Simples Nacional: a calculadora não embute ICMS no frete'),
  ...contatoInput,
  ...localizacaoInput,
  ativo: zBool.default(true),
});
export const transportador = z.object({
  uid: z.string(),
  id: z.number(),
  nome: z.string(),
  nomeFantasia: z.string().nullable(),
  cnpj: z.string(),
  ie: z.string().nullable(),
  rntrc: z.string().nullable(),
  simplesNacional: z.boolean(),
  ...contato,
  ...localizacao,
  ativo: z.boolean(),
  /** May the caller change this shared record (its units, users and fleet too)? Else 403 on write. */
  podeAlterar: z.boolean().optional(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Transportador = z.infer<typeof transportador>;

/** Selection-list item: label 'Nome - 00.000.000/0000-00'. */
export const transportadorOpcao = z.object({ uid: z.string(), nome: z.string(), cnpj: z.string(), value: z.string(), label: z.string() });
export type TransportadorOpcao = z.infer<typeof transportadorOpcao>;

/** What an external CNPJ lookup can tell about a company (no uid: not ours yet). */
export const dadosCnpj = z.object({
  cnpj: z.string(),
  nome: z.string(),
  nomeFantasia: z.string().nullable(),
  ...contato,
  ...localizacao,
});
export type DadosCnpj = z.infer<typeof dadosCnpj>;

export const consultaCnpjQuery = z.object({
  e: z.enum(['0', '1']).default('0').describe('1 consulta também o provedor externo quando o CNPJ não está cadastrado'),
});
export const consultaCnpjResultado = z.object({
  encontrado: z.boolean(),
  origem: z.enum(['cadastro', 'externo']).nullable(),
  /** Linked to the active shipper (only for origem 'cadastro'). */
  vinculado: z.boolean(),
  transportador: z.union([transportador, dadosCnpj]).nullable(),
});
export type ConsultaCnpjResultado = z.infer<typeof consultaCnpjResultado>;

/** RNTRC categories of a carrier unit: ETC company, TAC self-employed driver, CTC cooperative. */
export const TIPOS_UNIDADE_TRANSPORTADOR = ['ETC', 'TAC', 'CTC'] as const;
export const TIPO_UNIDADE_TRANSPORTADOR_LABEL: Record<(typeof TIPOS_UNIDADE_TRANSPORTADOR)[number], string> = {
  ETC: 'Empresa (ETC)',
  TAC: 'Autônomo (TAC)',
  CTC: 'Cooperativa (CTC)',
};

export const unidadeTransportadorInput = z.object({
  nome: zTexto(150),
  apelido: zTextoOpcional(60),
  documento: zDocumento,
  indicaAutonomo: zBool.default(false),
  tipo: z
    .enum(TIPOS_UNIDADE_TRANSPORTADOR, { error: `Tipo inválido: use ${listaOu(TIPO_UNIDADE_TRANSPORTADOR_LABEL)}` })
    .optional()
    .describe('Categoria no RNTRC: ETC empresa, TAC transportador autônomo (CPF + RNTRC), CTC cooperativa. Ausente: TAC se indicaAutonomo, senão ETC'),
  rntrc: z
    .string({ error: 'RNTRC inválido' })
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().regex(/^\d{8}$/, 'RNTRC deve ter 8 dígitos'))
    .nullish()
    .transform((v) => v ?? null),
  ...localizacaoInput,
  ativo: zBool.default(true),
});
export const unidadeTransportador = z.object({
  uid: z.string(),
  transportadorUid: z.string(),
  nome: z.string(),
  apelido: z.string().nullable(),
  documento: z.string(),
  indicaAutonomo: z.boolean(),
  tipo: z.enum(TIPOS_UNIDADE_TRANSPORTADOR),
  rntrc: z.string().nullable(),
  ...localizacao,
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type UnidadeTransportador = z.infer<typeof unidadeTransportador>;
/** A unit listed across carriers (transportadores-unidades). */
export const unidadeTransportadorComNome = unidadeTransportador.extend({ transportadorNome: z.string() });

export const usuarioTransportadorInput = z.object({
  nome: zNome(150),
  apelido: zTextoOpcional(60),
  login: zEmail,
  unidadeTransportadorUid: opcional(zUid),
});
export const usuarioTransportadorUpdate = z.object({
  nome: zNome(150),
  apelido: zTextoOpcional(60),
  unidadeTransportadorUid: opcional(zUid),
  statusUsuario: z.union([z.literal(2), z.literal(3)], { error: 'Status deve ser 2 (Ativo) ou 3 (Inativo)' }).optional(),
});
export const usuarioTransportador = z.object({
  uid: z.string(),
  login: z.string(),
  nome: z.string(),
  apelido: z.string().nullable(),
  tipoUsuario: z.number(),
  statusUsuario: z.number(),
  transportadorUid: z.string(),
  unidadeTransportadorUid: z.string().nullable(),
  unidadeTransportadorNome: z.string().nullable(),
  ultimoLogin: z.string().nullable(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type UsuarioTransportador = z.infer<typeof usuarioTransportador>;
