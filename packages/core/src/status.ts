// Every status set of the product, defined once: value (number on the wire), label, colour (antd tag
// colour) and the transitions the server allows. Server validation and UI tags both read from here.
export type StatusDef = { value: number; label: string; color: string; next: readonly number[] };
export type StatusSet = { nome: string; values: readonly StatusDef[] };

function set(nome: string, values: StatusDef[]): StatusSet {
  return { nome, values };
}

export const STATUS = {
  // Issue 11: 1 → 2 (a quotation made from it) → 4 (a pickup order or shipment carries it) → 5;
  // 3 Com Pendência from 2 or 4 (quotation rejected/cancelled, data missing) and back.
  solicitacaoFrete: set('Status da solicitação de frete', [
    { value: 1, label: 'Rascunho', color: 'default', next: [2, 4] },
    { value: 2, label: 'Cotação', color: 'processing', next: [1, 3, 4] },
    { value: 3, label: 'Com Pendência', color: 'warning', next: [2, 4] },
    { value: 4, label: 'Em Andamento', color: 'blue', next: [3, 5] },
    { value: 5, label: 'Finalizada', color: 'success', next: [] },
  ]),
  // Aberta: carriers invited, they may answer; Fechada: no more answers (fechar-cotacao or deadline);
  // Finalizada only through the approval (aprovacao / aprovacao-usuario) with a winner.
  cotacaoFrete: set('Status da cotação de frete', [
    { value: 1, label: 'Rascunho', color: 'default', next: [2, 5] },
    { value: 2, label: 'Aberta', color: 'processing', next: [3, 5] },
    { value: 3, label: 'Fechada', color: 'warning', next: [2, 4, 5] },
    { value: 4, label: 'Finalizada', color: 'success', next: [] },
    { value: 5, label: 'Cancelada', color: 'error', next: [] },
  ]),
  // 6 Cancelada from 1–3 only; a refused order goes back to Rascunho to be sent to another carrier.
  ordemColeta: set('Status da ordem de coleta', [
    { value: 1, label: 'Rascunho', color: 'default', next: [2, 6] },
    { value: 2, label: 'Aguardando Liberação', color: 'warning', next: [3, 6] },
    { value: 3, label: 'Enviada para Transportadora', color: 'processing', next: [4, 5, 6] },
    { value: 4, label: 'Confirmada', color: 'success', next: [] },
    { value: 5, label: 'Recusada', color: 'error', next: [1] },
    { value: 6, label: 'Cancelada', color: 'default', next: [] },
  ]),
  // Cancelado is final except through reabrir (back to Aberto), like Embarcado and Concluído.
  embarque: set('Status do embarque', [
    { value: 1, label: 'Aberto', color: 'processing', next: [2, 4] },
    { value: 2, label: 'Embarcado', color: 'blue', next: [1, 3, 4] },
    { value: 3, label: 'Concluído', color: 'success', next: [1] },
    { value: 4, label: 'Cancelado', color: 'error', next: [1] },
  ]),
  // ERP sales order (issue 11, beyond the specification, which names no status): Aberto; Em Cotação (a spot
  // quotation was made from it); Frete Definido (a simulation was selected: carrier and expected freight
  // fixed); Faturado (its NF-e was linked: final). Selecting another simulation keeps Frete Definido.
  pedido: set('Status do pedido', [
    { value: 1, label: 'Aberto', color: 'default', next: [2, 3, 4] },
    { value: 2, label: 'Em Cotação', color: 'processing', next: [1, 3, 4] },
    { value: 3, label: 'Frete Definido', color: 'blue', next: [2, 4] },
    { value: 4, label: 'Faturado', color: 'success', next: [] },
  ]),
  // A load-planning session: open while documents are added; finish creates the shipment (final).
  planejamentoCarga: set('Status do planejamento de carga', [
    { value: 1, label: 'Aberto', color: 'processing', next: [2] },
    { value: 2, label: 'Finalizado', color: 'success', next: [] },
  ]),
  tabelaFrete: set('Status da tabela de frete', [
    { value: 1, label: 'Ativo', color: 'success', next: [2, 3] },
    { value: 2, label: 'Inativo', color: 'default', next: [1, 3] },
    { value: 3, label: 'Validação', color: 'warning', next: [1, 2] },
  ]),
  // The approval situation of a quotation (the specification's second status set).
  aprovacao: set('Status de aprovação', [
    { value: 1, label: 'Rascunho', color: 'default', next: [2, 6] },
    { value: 2, label: 'Aberta', color: 'processing', next: [3, 6] },
    { value: 3, label: 'Aprovação', color: 'warning', next: [2, 4, 5, 6] },
    { value: 4, label: 'Reprovado', color: 'error', next: [2, 6] },
    { value: 5, label: 'Finalizada', color: 'success', next: [] },
    { value: 6, label: 'Cancelada', color: 'default', next: [] },
  ]),
  // Freight audit (auditoria) of one CT-e. The result of the comparison sets 1/2/3 (re-audits move freely
  // among them); a person accepts a divergent or uncalculated one (4, the difference goes to the carrier's
  // running balance) and may reopen it (back to the comparison); a CT-e cancelled or annulled ends it (5).
  auditoria: set('Resultado da auditoria', [
    { value: 1, label: 'Aprovada', color: 'success', next: [2, 3, 5] },
    { value: 2, label: 'Divergente', color: 'error', next: [1, 3, 4, 5] },
    { value: 3, label: 'Sem cálculo', color: 'warning', next: [1, 2, 4, 5] },
    { value: 4, label: 'Aceita', color: 'cyan', next: [1, 2, 3, 5] },
    { value: 5, label: 'Cancelada', color: 'default', next: [] },
  ]),
  // Faturada is set by the invoice's validation (and undone by the invoice's reopening), never by a user action.
  preFatura: set('Status da pré-fatura', [
    { value: 1, label: 'Aberta', color: 'default', next: [2, 4] },
    { value: 2, label: 'Liberada', color: 'processing', next: [3, 4] },
    { value: 3, label: 'Faturada', color: 'success', next: [] },
    { value: 4, label: 'Cancelada', color: 'error', next: [] },
  ]),
  // Invoice: validar (1 → 2) checks the CT-es, the value and the due date; reabrir (2 → 1); the payment
  // date settles it (2 → 3) and clearing it returns it to Validada (3 → 2). A paid invoice never reopens directly.
  fatura: set('Status da fatura', [
    { value: 1, label: 'Aberta', color: 'default', next: [2] },
    { value: 2, label: 'Validada', color: 'processing', next: [1, 3] },
    { value: 3, label: 'Paga', color: 'success', next: [2] },
  ]),
  rpa: set('Status do RPA', [
    { value: 1, label: 'Calculado', color: 'default', next: [2, 3] },
    { value: 2, label: 'Emitido', color: 'success', next: [3] },
    { value: 3, label: 'Cancelado', color: 'error', next: [] },
  ]),
  rpaTitulo: set('Status do título do RPA', [
    { value: 1, label: 'Em aberto', color: 'warning', next: [2, 3] },
    { value: 2, label: 'Pago', color: 'success', next: [1] },
    { value: 3, label: 'Cancelado', color: 'default', next: [] },
  ]),
  // A long job of the task queue (fila-tarefas). Transitions are the worker's, not the user's: reprocessar
  // puts a finished task with failed items back to Pendente; cancelar ends a pending or running one.
  tarefa: set('Status da tarefa', [
    { value: 1, label: 'Pendente', color: 'default', next: [2, 6] },
    { value: 2, label: 'Processando', color: 'processing', next: [1, 3, 4, 5, 6] },
    { value: 3, label: 'Concluída', color: 'success', next: [] },
    { value: 4, label: 'Concluída com erros', color: 'warning', next: [1] },
    { value: 5, label: 'Erro', color: 'error', next: [1] },
    { value: 6, label: 'Cancelada', color: 'default', next: [1] },
  ]),
  itemTarefa: set('Resultado do item da tarefa', [
    { value: 1, label: 'Pendente', color: 'default', next: [2, 3, 4, 5, 6] },
    { value: 2, label: 'Processado', color: 'success', next: [] },
    { value: 3, label: 'Processado com aviso', color: 'warning', next: [] },
    { value: 4, label: 'Ignorado', color: 'default', next: [] },
    { value: 5, label: 'Erro', color: 'error', next: [1] },
    { value: 6, label: 'Cancelado', color: 'default', next: [1] },
  ]),
  usuario: set('Status do usuário', [
    { value: 1, label: 'Pendente', color: 'warning', next: [2, 4] },
    { value: 2, label: 'Ativo', color: 'success', next: [3] },
    { value: 3, label: 'Inativo', color: 'default', next: [2] },
    { value: 4, label: 'Recusado', color: 'error', next: [2] },
  ]),
  cte: set('Status do CT-e', [
    { value: 1, label: 'Pendente', color: 'default', next: [2, 3, 5] },
    { value: 2, label: 'Aprovado', color: 'success', next: [1, 3, 4, 5] },
    { value: 3, label: 'Reprovado', color: 'error', next: [1, 2, 5] },
    { value: 4, label: 'Faturado', color: 'blue', next: [2] },
    { value: 5, label: 'Cancelado', color: 'default', next: [] },
  ]),
  tipoUsuario: set('Tipo de usuário', [
    { value: 1, label: 'Embarcador', color: 'blue', next: [] },
    { value: 2, label: 'Transportador', color: 'purple', next: [] },
    { value: 9, label: 'Administrador do sistema', color: 'gold', next: [] },
  ]),
} as const;

export type StatusKey = keyof typeof STATUS;

export const statusDef = (key: StatusKey, value: number) => STATUS[key].values.find((s) => s.value === value);
export const statusLabel = (key: StatusKey, value: number) => statusDef(key, value)?.label ?? String(value);
export const statusValues = (key: StatusKey) => STATUS[key].values.map((s) => s.value);

/** null when allowed; otherwise the pt-BR reason naming both statuses (answered as 409). */
export function transicaoProibida(key: StatusKey, de: number, para: number): string | null {
  const atual = statusDef(key, de);
  const nova = statusDef(key, para);
  if (!nova) return `Status ${para} inexistente.`;
  if (atual && (atual.value === para || atual.next.includes(para))) return null;
  return `Não é permitido mudar o status de '${atual?.label ?? de}' para '${nova.label}'.`;
}

export const TAREFA_STATUS = { PENDENTE: 1, PROCESSANDO: 2, CONCLUIDA: 3, CONCLUIDA_COM_ERROS: 4, ERRO: 5, CANCELADA: 6 } as const;
export const ITEM_TAREFA_STATUS = { PENDENTE: 1, OK: 2, AVISO: 3, IGNORADO: 4, ERRO: 5, CANCELADO: 6 } as const;
export const USUARIO_STATUS = { PENDENTE: 1, ATIVO: 2, INATIVO: 3, RECUSADO: 4 } as const;
export const CTE_STATUS = { PENDENTE: 1, APROVADO: 2, REPROVADO: 3, FATURADO: 4, CANCELADO: 5 } as const;
export const TIPO_USUARIO = { EMBARCADOR: 1, TRANSPORTADOR: 2, ADMIN: 9 } as const;
