import { STATUS, type StatusKey, statusLabel, transicaoProibida } from './status.ts';

// Named commands over the state machines of status.ts (issue 11): each command has a target status;
// whether it is allowed from the current status is the machine's decision, never repeated elsewhere.
// The quotation runs two machines at once: its status (cotacaoFrete) and its approval situation
// (aprovacao); a command is allowed only when both accept the change.

type Acoes = Record<string, { para: number; label?: string }>;

export const ACOES_EMBARQUE = {
  embarcado: { para: 2, label: 'Marcar como embarcado' },
  concluir: { para: 3, label: 'Concluir' },
  cancel: { para: 4, label: 'Cancelar' },
  reabrir: { para: 1, label: 'Reabrir' },
} as const satisfies Acoes;
export type AcaoEmbarque = keyof typeof ACOES_EMBARQUE;

export const ACOES_ORDEM_COLETA = {
  'aguardar-liberacao': { para: 2, label: 'Enviar para liberação' },
  enviar: { para: 3, label: 'Enviar para a transportadora' },
  confirmar: { para: 4, label: 'Confirmar' },
  recusar: { para: 5, label: 'Recusar' },
  cancelar: { para: 6, label: 'Cancelar' },
  'voltar-rascunho': { para: 1, label: 'Voltar para rascunho' },
} as const satisfies Acoes;
export type AcaoOrdemColeta = keyof typeof ACOES_ORDEM_COLETA;

/** null when `acao` may run on a record in `status`; otherwise the pt-BR reason naming both statuses. */
export function acaoProibida(maquina: StatusKey, acoes: Acoes, status: number, acao: string): string | null {
  const a = acoes[acao];
  if (!a) return `Ação '${acao}' inexistente.`;
  if (status === a.para) return `O registro já está em '${statusLabel(maquina, status)}'.`;
  return transicaoProibida(maquina, status, a.para);
}

export type EstadoCotacao = { status: number; situacao: number };

export const ACOES_COTACAO = {
  abrir: { status: 2, situacao: 2, label: 'Abrir para respostas' },
  fechar: { status: 3, situacao: 3, label: 'Fechar cotação' },
  aprovar: { status: 4, situacao: 5, label: 'Aprovar' },
  reprovar: { status: 3, situacao: 4, label: 'Reprovar' },
  cancelar: { status: 5, situacao: 6, label: 'Cancelar' },
} as const;
export type AcaoCotacao = keyof typeof ACOES_COTACAO;

/** The quotation's state after `acao`, or the pt-BR reason it is forbidden (409). */
export function aplicarAcaoCotacao(atual: EstadoCotacao, acao: AcaoCotacao): EstadoCotacao | { erro: string } {
  const a = ACOES_COTACAO[acao];
  if (a.status !== atual.status) {
    const erro = transicaoProibida('cotacaoFrete', atual.status, a.status);
    if (erro) return { erro };
  }
  const sit = STATUS.aprovacao.values.find((s) => s.value === atual.situacao);
  if (!sit?.next.includes(a.situacao)) {
    return {
      erro: `Não é permitido mudar a situação de aprovação de '${statusLabel('aprovacao', atual.situacao)}' para '${statusLabel('aprovacao', a.situacao)}'.`,
    };
  }
  return { status: a.status, situacao: a.situacao };
}

/** The approval situation that goes with a quotation status reached by atualizarstatus. */
export const SITUACAO_DA_COTACAO: Record<number, number> = { 1: 1, 2: 2, 3: 3, 4: 5, 5: 6 };
