import { z } from '../zod.ts';

// Operations: the task queue (fila-tarefas), integration/import logs, web-service call history and the
// product's update history. Replies only (the queue is fed by the modules; logs take a small input).

export const tarefa = z.object({
  uid: z.string(),
  tipo: z.string().describe('Tipo estável da tarefa (importar-nfe, exportar-nfes…)'),
  tipoNome: z.string().describe('Nome do tipo para a tela'),
  status: z.number().int().describe('1 Pendente, 2 Processando, 3 Concluída, 4 Concluída com erros, 5 Erro, 6 Cancelada'),
  usuarioUid: z.string().nullable(),
  usuarioNome: z.string().nullable(),
  total: z.number().int().describe('Itens a processar (0 enquanto a tarefa é preparada)'),
  processados: z.number().int().describe('Itens já processados (com sucesso, aviso, ignorados ou erro)'),
  erros: z.number().int(),
  avisos: z.number().int(),
  cancelamentoSolicitado: z.boolean(),
  mensagem: z.string().nullable().describe('Resumo ou motivo do erro da tarefa'),
  arquivo: z.object({ nome: z.string(), url: z.string() }).nullable().describe('Arquivo gerado (exportações)'),
  criadoEm: z.string(),
  iniciadoEm: z.string().nullable(),
  concluidoEm: z.string().nullable(),
});
export type Tarefa = z.infer<typeof tarefa>;

export const itemTarefa = z.object({
  uid: z.string(),
  ordem: z.number().int(),
  nome: z.string().describe('Arquivo, entrada do ZIP ou linha'),
  status: z.number().int().describe('1 Pendente, 2 Processado, 3 Processado com aviso, 4 Ignorado, 5 Erro, 6 Cancelado'),
  mensagem: z.string().nullable(),
  registroUid: z.string().nullable().describe('Registro criado ou atualizado pelo item'),
  processadoEm: z.string().nullable(),
});
export type ItemTarefa = z.infer<typeof itemTarefa>;

export const NIVEIS_LOG = ['info', 'aviso', 'erro'] as const;
export const logOperacao = z.object({
  uid: z.string(),
  nivel: z.enum(NIVEIS_LOG),
  origem: z.string().describe('Integração, importação ou módulo que registrou'),
  mensagem: z.string(),
  detalhes: z.unknown().nullable(),
  tarefaUid: z.string().nullable(),
  usuarioUid: z.string().nullable(),
  usuarioNome: z.string().nullable(),
  criadoEm: z.string(),
});
export const logOperacaoInput = z.object({
  nivel: z.enum(NIVEIS_LOG),
  origem: z.string().trim().min(1).max(60),
  mensagem: z.string().trim().min(1).max(2000),
  detalhes: z.record(z.string(), z.unknown()).nullish(),
});

export const chamadaWebservice = z.object({
  uid: z.string(),
  servico: z.string().describe('Ex.: NFeDistribuicaoDFe'),
  ambiente: z.string().describe('producao ou homologacao'),
  url: z.string(),
  cStat: z.string().nullable(),
  xMotivo: z.string().nullable(),
  sucesso: z.boolean(),
  duracaoMs: z.number().int(),
  requisicao: z.string().nullable().describe('Só no detalhe'),
  resposta: z.string().nullable().describe('Só no detalhe'),
  criadoEm: z.string(),
});

export const atualizacao = z.object({
  versao: z.string(),
  data: z.string().describe('AAAA-MM-DD'),
  titulo: z.string(),
  notas: z.array(z.string()),
});
