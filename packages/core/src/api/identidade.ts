import { ACOES } from '../recursos.ts';
import { opcional, z, zBool, zCnpj, zDocumento, zEmail, zNome, zTexto, zTextoOpcional, zUid } from '../zod.ts';
import { contato, contatoInput, localizacao, localizacaoInput } from './local.ts';

// Shippers, their units and users, and the signed-in user's profile.
const unidadeRef = z.object({ uid: z.string(), apelido: z.string().nullable(), nome: z.string(), documento: z.string().nullable() }).nullable();
const ref = z.object({ uid: z.string(), nome: z.string() });

export const perfil = z.object({
  uid: z.string(),
  login: z.string(),
  foto: z.string().nullable(),
  tipoUsuario: z.number(),
  statusUsuario: z.number(),
  nome: z.string(),
  apelido: z.string().nullable(),
  ultimoLogin: z.string().nullable(),
  loggedin: z.boolean(),
  imagemPerfil: z.object({ url: z.string().nullable() }),
  embarcador: ref.extend({ unidade: unidadeRef }).nullable(),
  transportador: ref.extend({ unidade: unidadeRef }).nullable(),
  embarcadores: z.array(ref),
  transportadores: z.array(ref),
  embarcadorAtivo: ref.nullable(),
  signin: z.enum(['exists', 'not-found']),
  permissoes: z.record(z.string(), z.array(z.enum(ACOES))),
  administrador: z.boolean(),
});
export type Perfil = z.infer<typeof perfil>;
export const perfilInput = z.object({ nome: zNome(150), apelido: zTextoOpcional(60) });

export const embarcadorInput = z.object({
  nome: zTexto(150),
  nomeFantasia: zTextoOpcional(150),
  cnpj: zCnpj,
  ...contatoInput,
  ...localizacaoInput,
  ativo: zBool.default(true),
});
export const embarcador = z.object({
  uid: z.string(),
  id: z.number(),
  nome: z.string(),
  nomeFantasia: z.string().nullable(),
  cnpj: z.string(),
  ...contato,
  ...localizacao,
  logoUrl: z.string().nullable(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Embarcador = z.infer<typeof embarcador>;

export const unidadeEmbarcadorInput = z.object({
  nome: zTexto(150),
  apelido: zTextoOpcional(60),
  documento: opcional(zDocumento),
  ...localizacaoInput,
  ativo: zBool.default(true),
});
export const unidadeEmbarcador = z.object({
  uid: z.string(),
  embarcadorUid: z.string(),
  nome: z.string(),
  apelido: z.string().nullable(),
  documento: z.string().nullable(),
  ...localizacao,
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});

export const usuarioEmbarcadorInput = z.object({
  nome: zNome(150),
  apelido: zTextoOpcional(60),
  login: zEmail,
  papelUid: zUid,
  unidadeUid: opcional(zUid),
});
export const usuarioEmbarcadorUpdate = usuarioEmbarcadorInput.omit({ login: true }).extend({
  statusUsuario: z.number().int().optional(),
  ativo: zBool.optional(),
});
export const usuarioEmbarcador = z.object({
  uid: z.string(),
  login: z.string(),
  nome: z.string(),
  apelido: z.string().nullable(),
  tipoUsuario: z.number(),
  statusUsuario: z.number(),
  ultimoLogin: z.string().nullable(),
  papelUid: z.string().nullable(),
  papelNome: z.string().nullable(),
  unidadeUid: z.string().nullable(),
  unidadeNome: z.string().nullable(),
  ativo: z.boolean(),
  criadoEm: z.string(),
});
export type UsuarioEmbarcador = z.infer<typeof usuarioEmbarcador>;

export const senhaInput = z.object({
  senha: z.string({ error: 'Campo obrigatório' }).min(8, 'A senha deve ter no mínimo 8 caracteres').max(128, 'A senha deve ter no máximo 128 caracteres'),
});
