import { VALORES_TIPO_NOTIFICACAO } from '../notificacoes.ts';
import { z, zBool, zTexto, zTextoOpcional, zUid } from '../zod.ts';

// Notifications (issue 11): the catalogue of kinds, groups of users, per-shipper parameters and the
// signed-in user's inbox.

/** GET grupo-notificacoes/notificacoes-sistema/lista: one entry per kind of the catalogue. */
export const tipoNotificacaoOpcao = z.object({
  value: z.string(),
  label: z.string(),
  descricao: z.string(),
  destino: z.enum(['embarcador', 'transportador']).describe("'embarcador': usuários do embarcador (grupos); 'transportador': usuários da transportadora envolvida"),
  recurso: z.string(),
  app: z.boolean().describe('Canal padrão: no aplicativo'),
  email: z.boolean().describe('Canal padrão: por e-mail'),
});
export type TipoNotificacaoOpcao = z.infer<typeof tipoNotificacaoOpcao>;

const semRepetir = (v: string[]) => [...new Set(v)];
const listaUids = (max: number) => z.array(zUid, { error: 'Lista inválida' }).max(max, `No máximo ${max} itens`).default([]).transform(semRepetir);

export const grupoNotificacaoInput = z.object({
  nome: zTexto(80),
  descricao: zTextoOpcional(255),
  ativo: zBool.default(true),
  usuarioUids: listaUids(500).describe('Usuários do embarcador que fazem parte do grupo'),
});
const pessoa = z.object({ uid: z.string(), nome: z.string() });
export const grupoNotificacao = z.object({
  uid: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  ativo: z.boolean(),
  usuarioUids: z.array(z.string()),
  usuarios: z.array(pessoa),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type GrupoNotificacao = z.infer<typeof grupoNotificacao>;

export const parametroNotificacaoInput = z.object({
  tipo: z.enum(VALORES_TIPO_NOTIFICACAO, { error: 'Tipo de notificação inválido' }),
  grupoUids: listaUids(50).describe('Grupos que recebem (só para notificações de usuários do embarcador; vazio: quem tem a permissão do tipo)'),
  app: zBool.default(true),
  email: zBool.default(false),
  ativo: zBool.default(true),
});
export const parametroNotificacao = z.object({
  uid: z.string(),
  tipo: z.string(),
  tipoLabel: z.string(),
  destino: z.string(),
  grupoUids: z.array(z.string()),
  grupos: z.array(pessoa),
  app: z.boolean(),
  email: z.boolean(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type ParametroNotificacao = z.infer<typeof parametroNotificacao>;

export const importacaoParametrosNotificacao = z.object({
  importados: z.number().int().describe('Tipos que ainda não estavam configurados e receberam o padrão do produto'),
  tipos: z.array(z.string()),
});

export const notificacao = z.object({
  uid: z.string(),
  tipo: z.string(),
  tipoLabel: z.string(),
  recurso: z.string().nullable(),
  registroUid: z.string().nullable(),
  titulo: z.string(),
  mensagem: z.string(),
  link: z.string().nullable().describe('Caminho da tela do registro no aplicativo'),
  dataLeitura: z.string().nullable(),
  lida: z.boolean(),
  criadoEm: z.string(),
  notificacaoUsuarios: z.array(z.object({ usuarioUid: z.string(), dataLeitura: z.string().nullable() })),
});
export type Notificacao = z.infer<typeof notificacao>;

const zInstante = z.iso.datetime({ offset: true, error: 'Data e hora inválidas (ISO 8601)' });

/** PATCH notificacao/{uid}: a date marks it read, null marks it unread again. */
export const leituraNotificacaoInput = z.object({
  dataLeitura: zInstante.nullable().describe('Quando foi lida (ISO 8601); null volta a não lida'),
});

export const novidadesQuery = z.object({
  desde: zInstante.optional().describe('ultimaRequisicao da chamada anterior: só as notificações criadas depois dela'),
});
export const novidadesNotificacao = z.object({
  data: z.array(notificacao).describe('Criadas depois de `desde` (sem `desde`: as não lidas), mais novas primeiro, no máximo 50'),
  naoLidas: z.number().int().describe('Total de não lidas do usuário no embarcador ativo (o número do sino)'),
  novaNotificacao: z.boolean(),
  ultimaRequisicao: z.string().describe('Instante desta leitura no servidor: mande-o em `desde` na próxima chamada'),
});
export type NovidadesNotificacao = z.infer<typeof novidadesNotificacao>;

export const marcarLidasResultado = z.object({ marcadas: z.number().int() });
