import type { Acao } from './recursos.ts';

// The catalogue of notification kinds (issue 11), defined once: the server resolves recipients and
// channels from it, the parameters screen lists it, the web shows its labels.
// - `destino`: 'embarcador' kinds go to the shipper's users (the groups of the shipper's parameter,
//   or, with no group, the users whose role has `permissao` on `recurso`); 'transportador' kinds go to
//   the active users of the carrier concerned who are linked to the shipper.
// - `app`/`email`: the product's default channels (what import-from-global copies and what applies
//   while the shipper has no parameter for the kind).
export type DestinoNotificacao = 'embarcador' | 'transportador';
export type TipoNotificacaoDef = {
  valor: string;
  label: string;
  descricao: string;
  destino: DestinoNotificacao;
  recurso: string;
  /** Shipper kinds without groups: who has this action on `recurso`; null: only the users the caller names. */
  permissao: Acao | null;
  app: boolean;
  email: boolean;
};

export const TIPOS_NOTIFICACAO = [
  { valor: 'cotacao-convite', label: 'Convite para cotação', descricao: 'A transportadora foi convidada para uma cotação aberta.', destino: 'transportador', recurso: 'cotacoesfrete', permissao: null, app: true, email: true },
  { valor: 'cotacao-resposta', label: 'Resposta de cotação recebida', descricao: 'Uma transportadora respondeu a uma cotação.', destino: 'embarcador', recurso: 'cotacoesfrete', permissao: 'alterar', app: true, email: false },
  { valor: 'cotacao-aguardando-aprovacao', label: 'Cotação aguardando aprovação', descricao: 'O valor vencedor passou da alçada de quem aprovou; falta um usuário com alçada.', destino: 'embarcador', recurso: 'cotacoesfrete', permissao: 'aprovar', app: true, email: true },
  { valor: 'cotacao-aprovada', label: 'Cotação aprovada', descricao: 'Uma cotação foi aprovada com a resposta vencedora.', destino: 'embarcador', recurso: 'cotacoesfrete', permissao: 'alterar', app: true, email: false },
  { valor: 'cotacao-reprovada', label: 'Cotação reprovada', descricao: 'Uma cotação foi reprovada.', destino: 'embarcador', recurso: 'cotacoesfrete', permissao: 'alterar', app: true, email: false },
  { valor: 'ordem-coleta-enviada', label: 'Ordem de coleta recebida', descricao: 'Uma ordem de coleta foi enviada para a transportadora.', destino: 'transportador', recurso: 'ordenscoleta', permissao: null, app: true, email: true },
  { valor: 'ordem-coleta-confirmada', label: 'Ordem de coleta confirmada', descricao: 'A transportadora confirmou a ordem de coleta.', destino: 'embarcador', recurso: 'ordenscoleta', permissao: 'alterar', app: true, email: false },
  { valor: 'ordem-coleta-recusada', label: 'Ordem de coleta recusada', descricao: 'A transportadora recusou a ordem de coleta.', destino: 'embarcador', recurso: 'ordenscoleta', permissao: 'alterar', app: true, email: true },
  { valor: 'ordem-coleta-cancelada', label: 'Ordem de coleta cancelada', descricao: 'O embarcador cancelou uma ordem de coleta enviada à transportadora.', destino: 'transportador', recurso: 'ordenscoleta', permissao: null, app: true, email: true },
  { valor: 'embarque-cancelado', label: 'Embarque cancelado', descricao: 'Um embarque foi cancelado.', destino: 'embarcador', recurso: 'embarque', permissao: 'alterar', app: true, email: false },
  { valor: 'tarefa-com-erros', label: 'Tarefa concluída com erros', descricao: 'Uma tarefa da fila terminou com itens com erro (avisa quem a criou).', destino: 'embarcador', recurso: 'fila-tarefas', permissao: null, app: true, email: false },
  { valor: 'pre-fatura-liberada', label: 'Pré-fatura liberada', descricao: 'O embarcador liberou uma pré-fatura para a transportadora (pode virar fatura).', destino: 'transportador', recurso: 'pre-fatura', permissao: null, app: true, email: true },
  { valor: 'certificado-vencendo', label: 'Certificado digital A1 vencendo', descricao: 'O certificado A1 do embarcador vence em 30 dias ou menos.', destino: 'embarcador', recurso: 'embarcadores', permissao: 'alterar', app: true, email: true },
] as const satisfies readonly TipoNotificacaoDef[];

export type TipoNotificacao = (typeof TIPOS_NOTIFICACAO)[number]['valor'];
export const VALORES_TIPO_NOTIFICACAO = TIPOS_NOTIFICACAO.map((t) => t.valor) as [TipoNotificacao, ...TipoNotificacao[]];

export function tipoNotificacao(valor: string): TipoNotificacaoDef | undefined {
  return (TIPOS_NOTIFICACAO as readonly TipoNotificacaoDef[]).find((t) => t.valor === valor);
}
export const tipoNotificacaoLabel = (valor: string) => tipoNotificacao(valor)?.label ?? valor;

/** Days before the A1 certificate's expiry at which the shipper is warned (once per certificate and threshold). */
export const CERTIFICADO_LIMIAR_DIAS = 30;
