// The permission catalogue: every resource a role can be granted, with the actions that make sense
// for it. Routes declare one of these keys; the roles screen lists them; the web hides what is denied.
export const ACOES = ['ler', 'criar', 'alterar', 'excluir', 'aprovar'] as const;
export type Acao = (typeof ACOES)[number];
export const ACAO_LABEL: Record<Acao, string> = {
  ler: 'Consultar', criar: 'Incluir', alterar: 'Alterar', excluir: 'Excluir', aprovar: 'Aprovar',
};

/**
 * What the roles of a database that existed before a resource was added receive, once, the first time a
 * server with that resource starts (`db/concessoes.ts`): a new module states its default grant here instead
 * of shipping a migration with an UPDATE. A role that already names the resource is left as it is.
 */
export type ConcessaoPadrao = {
  /** Shipper roles (tipo 1) holding every one of `quemPode.acoes` on `quemPode.recurso` get `acoes`. */
  embarcador?: { quemPode: { recurso: string; acoes: readonly Acao[] }; acoes: readonly Acao[] };
  /** Carrier roles (tipo 2) get these (their scope rules already limit them to their own carrier). */
  transportador?: readonly Acao[];
};

export type RecursoDef = {
  codigo: string;
  nome: string;
  grupo: string;
  acoes: readonly Acao[];
  notificavel?: boolean;
  concessao?: ConcessaoPadrao;
};

const CRUD: readonly Acao[] = ['ler', 'criar', 'alterar', 'excluir'];

export const RECURSOS = [
  { codigo: 'embarcadores', nome: 'Embarcadores', grupo: 'Cadastros', acoes: CRUD, notificavel: true },
  { codigo: 'unidades', nome: 'Unidades do embarcador', grupo: 'Cadastros', acoes: CRUD },
  { codigo: 'transportadores', nome: 'Transportadores', grupo: 'Cadastros', acoes: [...CRUD, 'aprovar'] },
  { codigo: 'usuarios', nome: 'Usuários', grupo: 'Acesso', acoes: CRUD, notificavel: true },
  { codigo: 'papeis', nome: 'Papéis e permissões', grupo: 'Acesso', acoes: CRUD },
  { codigo: 'api-token', nome: 'Tokens de API', grupo: 'Acesso', acoes: ['ler', 'criar', 'excluir'] },
  { codigo: 'centros-custo', nome: 'Centros de custo', grupo: 'Cadastros', acoes: CRUD },
  { codigo: 'departamentos', nome: 'Departamentos', grupo: 'Cadastros', acoes: CRUD },
  { codigo: 'pessoas', nome: 'Pessoas (remetentes, destinatários, tomadores)', grupo: 'Cadastros', acoes: CRUD },
  { codigo: 'produtos', nome: 'Produtos', grupo: 'Cadastros', acoes: CRUD },
  { codigo: 'setor', nome: 'Setores', grupo: 'Cadastros', acoes: CRUD },
  { codigo: 'zona', nome: 'Zonas', grupo: 'Cadastros', acoes: CRUD },
  { codigo: 'tiposveiculo', nome: 'Tipos de veículo', grupo: 'Cadastros', acoes: ['ler', 'criar', 'alterar'] },
  { codigo: 'regioes', nome: 'Regiões', grupo: 'Frete', acoes: CRUD },
  { codigo: 'faixascep', nome: 'Faixas de CEP', grupo: 'Frete', acoes: CRUD },
  { codigo: 'feriados', nome: 'Feriados', grupo: 'Frete', acoes: CRUD },
  { codigo: 'modais', nome: 'Modais', grupo: 'Frete', acoes: CRUD },
  { codigo: 'componentes', nome: 'Componentes de frete', grupo: 'Frete', acoes: CRUD },
  { codigo: 'prazosentrega', nome: 'Prazos de entrega', grupo: 'Frete', acoes: CRUD },
  { codigo: 'rotas', nome: 'Rotas', grupo: 'Frete', acoes: CRUD },
  { codigo: 'tabelasfrete', nome: 'Tabelas de frete', grupo: 'Frete', acoes: [...CRUD, 'aprovar'] },
  { codigo: 'nfes', nome: 'NF-e (notas fiscais)', grupo: 'Documentos', acoes: CRUD },
  { codigo: 'nfe-virtual', nome: 'NF-e virtuais', grupo: 'Documentos', acoes: CRUD },
  { codigo: 'ctes', nome: 'CT-e (conhecimentos de transporte)', grupo: 'Documentos', acoes: ['ler', 'criar', 'alterar'] },
  { codigo: 'calculadora', nome: 'Calculadora de frete', grupo: 'Frete', acoes: ['ler'] },
  { codigo: 'cotacoesfrete', nome: 'Cotações de frete', grupo: 'Compras de frete', acoes: [...CRUD, 'aprovar'], notificavel: true, concessao: { embarcador: { quemPode: { recurso: 'tabelasfrete', acoes: CRUD }, acoes: [...CRUD, 'aprovar'] }, transportador: ['ler'] } },
  { codigo: 'embarque', nome: 'Embarques', grupo: 'Compras de frete', acoes: CRUD, notificavel: true, concessao: { embarcador: { quemPode: { recurso: 'tabelasfrete', acoes: CRUD }, acoes: CRUD } } },
  { codigo: 'ordenscoleta', nome: 'Ordens de coleta', grupo: 'Compras de frete', acoes: CRUD, notificavel: true, concessao: { embarcador: { quemPode: { recurso: 'cotacoesfrete', acoes: CRUD }, acoes: CRUD }, transportador: ['ler'] } },
  { codigo: 'solicitacoesfrete', nome: 'Solicitações de frete', grupo: 'Compras de frete', acoes: CRUD, notificavel: true, concessao: { embarcador: { quemPode: { recurso: 'tabelasfrete', acoes: CRUD }, acoes: CRUD } } },
  { codigo: 'pedidos', nome: 'Pedidos', grupo: 'Compras de frete', acoes: CRUD, concessao: { embarcador: { quemPode: { recurso: 'cotacoesfrete', acoes: CRUD }, acoes: CRUD } } },
  { codigo: 'planejamento-carga', nome: 'Planejamento de carga', grupo: 'Compras de frete', acoes: CRUD, concessao: { embarcador: { quemPode: { recurso: 'cotacoesfrete', acoes: CRUD }, acoes: CRUD } } },
  { codigo: 'ocorrencias', nome: 'Ocorrências e de-para por transportador', grupo: 'Ocorrências', acoes: CRUD },
  { codigo: 'relatorios', nome: 'Relatórios', grupo: 'Indicadores', acoes: ['ler'], concessao: { embarcador: { quemPode: { recurso: 'auditorias', acoes: [] }, acoes: ['ler'] } } },
  { codigo: 'bi', nome: 'Painel e indicadores (BI)', grupo: 'Indicadores', acoes: ['ler', 'alterar'], concessao: { embarcador: { quemPode: { recurso: 'auditorias', acoes: [] }, acoes: ['ler', 'alterar'] } } },
  { codigo: 'eventos-ocorrencia', nome: 'Eventos de ocorrência (entregas, tentativas, comprovantes)', grupo: 'Ocorrências', acoes: CRUD, concessao: { embarcador: { quemPode: { recurso: 'ocorrencias', acoes: CRUD }, acoes: CRUD }, transportador: ['ler', 'criar', 'alterar'] } },
  { codigo: 'tracking', nome: 'Rastreamento de entregas (tracking)', grupo: 'Ocorrências', acoes: ['ler', 'alterar'], concessao: { embarcador: { quemPode: { recurso: 'ocorrencias', acoes: CRUD }, acoes: ['ler', 'alterar'] }, transportador: ['ler'] } },
  { codigo: 'importacao-edi', nome: 'Importação de arquivos EDI PROCEDA', grupo: 'Ocorrências', acoes: ['ler', 'criar'] },
  { codigo: 'auditoria-sistema', nome: 'Trilha de auditoria', grupo: 'Administração', acoes: ['ler'] },
  { codigo: 'configuracoes', nome: 'Configurações', grupo: 'Administração', acoes: ['ler', 'alterar'] },
  { codigo: 'fila-tarefas', nome: 'Fila de tarefas', grupo: 'Administração', acoes: ['ler', 'alterar', 'excluir'], notificavel: true },
  { codigo: 'logs', nome: 'Logs de integração e importação', grupo: 'Administração', acoes: ['ler', 'criar'] },
  { codigo: 'historico-webservice', nome: 'Histórico de web services', grupo: 'Administração', acoes: ['ler'] },
  { codigo: 'tributos', nome: 'Tributos (ICMS, PIS/COFINS, ISS)', grupo: 'Administração', acoes: ['ler', 'criar', 'alterar'] },
  { codigo: 'auditorias', nome: 'Auditoria de frete', grupo: 'Auditoria e pagamento', acoes: [...CRUD, 'aprovar'] },
  { codigo: 'tolerancias-auditoria', nome: 'Tolerâncias da auditoria', grupo: 'Auditoria e pagamento', acoes: CRUD },
  { codigo: 'pre-fatura', nome: 'Pré-faturas', grupo: 'Auditoria e pagamento', acoes: CRUD, notificavel: true, concessao: { transportador: ['ler'] } },
  { codigo: 'fatura', nome: 'Faturas', grupo: 'Auditoria e pagamento', acoes: [...CRUD, 'aprovar'], concessao: { transportador: ['ler'] } },
  { codigo: 'condicao-pagamento', nome: 'Condições de pagamento', grupo: 'Auditoria e pagamento', acoes: CRUD },
  { codigo: 'rpa', nome: 'RPA (pagamento a autônomos)', grupo: 'Auditoria e pagamento', acoes: [...CRUD, 'aprovar'] },
  { codigo: 'notificacoes', nome: 'Grupos e parâmetros de notificação', grupo: 'Administração', acoes: CRUD, concessao: { embarcador: { quemPode: { recurso: 'papeis', acoes: CRUD }, acoes: CRUD } } },
] as const satisfies readonly RecursoDef[];

/** Screens every signed-in user may read (the update history): no role grants them, none denies them. */
export const RECURSO_TODOS = '*';

export type RecursoCodigo = (typeof RECURSOS)[number]['codigo'] | (string & {});
export type Permissoes = Record<string, Acao[]>;

/** Every action of every resource: the administrator role. */
export const todasPermissoes = (): Permissoes =>
  Object.fromEntries(RECURSOS.map((r) => [r.codigo, [...r.acoes]]));

export const pode = (p: Permissoes | null | undefined, recurso: string, acao: Acao) =>
  !!p && (p[recurso]?.includes(acao) ?? false);
