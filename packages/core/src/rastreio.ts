import { ACAO_OCORRENCIA } from './ocorrencias.ts';
import { FUSO } from './formatos.ts';
import { adicionarDiasUteis, dataCalendario } from './frete/prazo.ts';

// Occurrence events and tracking: the display filter of the events list and the tracking status of an
// NF-e. Pure: the server stores what the events say (resumirEventos) and computes the status on read with
// today's date (statusRastreio), the web shows the labels and colours from here.

/**
 * Display filter of `eventos-ocorrencia` (`filtro`, default 'A'):
 * - A: all events;
 * - P: pending action — events whose carrier code has no de-para yet (no kind: someone must map it);
 * - E: exceptions — kinds that register a delivery attempt, an extra charge or block the freight document.
 */
export const FILTROS_EVENTO = [
  { value: 'A', label: 'Todos' },
  { value: 'P', label: 'Pendentes de ação (sem de-para)' },
  { value: 'E', label: 'Exceções (tentativa, cobrança, bloqueio)' },
] as const;
export type FiltroEvento = (typeof FILTROS_EVENTO)[number]['value'];
export const FILTRO_EVENTO_PADRAO: FiltroEvento = 'A';
export const FILTROS_EVENTO_VALORES = FILTROS_EVENTO.map((f) => f.value) as [FiltroEvento, ...FiltroEvento[]];
/** The actions that make an event an exception (filter 'E', tracking status 'X'). */
export const ACOES_EXCECAO: readonly number[] = [ACAO_OCORRENCIA.TENTATIVA_ENTREGA, ACAO_OCORRENCIA.COBRANCA_ADICIONAL, ACAO_OCORRENCIA.BLOQUEIA_DOCUMENTO];

/**
 * A scheduling kind ("Entrega Programada", PROCEDA 91, or any kind whose description speaks of
 * agendamento/reagendamento): its events must carry the scheduled date.
 */
export function ehAgendamento(o: { codigo: string; descricao: string }): boolean {
  return o.codigo === '91' || /\b(re)?agend/i.test(o.descricao);
}

/** Where an event came from. */
export const ORIGENS_EVENTO = [
  { value: 'manual', label: 'Digitado pelo embarcador' },
  { value: 'portal', label: 'Portal do transportador' },
  { value: 'api', label: 'API (token)' },
  { value: 'edi', label: 'Arquivo OCOREN' },
] as const;

/** Tracking status of an NF-e. */
export const STATUS_RASTREIO = {
  EM_TRANSITO: 'T',
  ENTREGUE: 'E',
  ENTREGUE_ATRASO: 'D',
  ATRASADA: 'A',
  EXCECAO: 'X',
  SEM_OCORRENCIA: 'S',
} as const;
export type StatusRastreio = (typeof STATUS_RASTREIO)[keyof typeof STATUS_RASTREIO];
export const STATUS_RASTREIO_LISTA: readonly { value: StatusRastreio; label: string; cor: string; ordem: number }[] = [
  // ordem: the tracking list shows late notes first, then exceptions, silent ones, in transit, delivered.
  { value: 'A', label: 'Atrasada', cor: 'red', ordem: 0 },
  { value: 'X', label: 'Ocorrência/exceção', cor: 'volcano', ordem: 1 },
  { value: 'S', label: 'Sem ocorrência', cor: 'orange', ordem: 2 },
  { value: 'T', label: 'Em trânsito', cor: 'blue', ordem: 3 },
  { value: 'D', label: 'Entregue com atraso', cor: 'gold', ordem: 4 },
  { value: 'E', label: 'Entregue no prazo', cor: 'green', ordem: 5 },
];
export const STATUS_RASTREIO_VALORES = STATUS_RASTREIO_LISTA.map((s) => s.value) as [StatusRastreio, ...StatusRastreio[]];
/** Days without any event after which an undelivered note that is not late shows 'S'. */
export const DIAS_SEM_OCORRENCIA = 5;

const DIA_MS = 86_400_000;
const fmtDia = new Intl.DateTimeFormat('en-CA', { timeZone: FUSO, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Calendar date in São Paulo of an instant (ISO with offset, or Date). */
export function diaSaoPaulo(instante: string | Date): string {
  return fmtDia.format(typeof instante === 'string' ? new Date(instante) : instante);
}

/** Calendar days from `de` to `ate` ('YYYY-MM-DD'); negative when `ate` is earlier. */
export function diasEntre(de: string, ate: string): number {
  return Math.round((Date.parse(`${ate.slice(0, 10)}T00:00:00Z`) - Date.parse(`${de.slice(0, 10)}T00:00:00Z`)) / DIA_MS);
}

/**
 * Promised delivery date: `base` (pickup or emission, calendar date in São Paulo) + the carrier's deadline
 * in business days, skipping weekends and the destination's holidays.
 */
export function dataPrometida(base: string, prazoDiasUteis: number, feriados: Iterable<string> = []): string {
  const dia = dataCalendario(base) && base.length === 10 ? base : diaSaoPaulo(base);
  return adicionarDiasUteis(dia, prazoDiasUteis, feriados);
}

export type EventoResumo = { dataHora: string; acao: number | null };
export type ResumoEventos = {
  /** São Paulo date of the first event whose kind finishes the delivery. */
  dataEntrega: string | null;
  tentativas: number;
  /** Not delivered and the latest event with a kind is an exception (attempt, extra charge, block). */
  excecao: boolean;
  ultimoEventoEm: string | null;
};

/** What an NF-e's events say for tracking (any order). */
export function resumirEventos(eventos: readonly EventoResumo[]): ResumoEventos {
  const ordenados = [...eventos].sort((a, b) => Date.parse(a.dataHora) - Date.parse(b.dataHora));
  const entrega = ordenados.find((e) => e.acao === ACAO_OCORRENCIA.FINALIZA_ENTREGA);
  const comTipo = ordenados.filter((e) => e.acao !== null && e.acao !== ACAO_OCORRENCIA.APENAS_REGISTRA);
  const ultimo = comTipo.at(-1);
  return {
    dataEntrega: entrega ? diaSaoPaulo(entrega.dataHora) : null,
    tentativas: ordenados.filter((e) => e.acao === ACAO_OCORRENCIA.TENTATIVA_ENTREGA).length,
    excecao: !entrega && !!ultimo && ACOES_EXCECAO.includes(ultimo.acao as number),
    ultimoEventoEm: ordenados.at(-1)?.dataHora ?? null,
  };
}

export type EntradaStatus = {
  /** Promised date 'YYYY-MM-DD' (null: no deadline known). */
  dataPrevista: string | null;
  dataEntrega: string | null;
  excecao: boolean;
  /** Latest event (ISO), else the note's emission: the start of the "no news" count. */
  ultimaNoticiaEm: string;
  /** Today in São Paulo 'YYYY-MM-DD'. */
  hoje: string;
  diasSemOcorrencia?: number;
};
export type ResultadoStatus = { status: StatusRastreio; diasAtraso: number; diasSemOcorrencia: number };

/**
 * The tracking status of an NF-e:
 * - delivered: on time when the delivery date ≤ promised date ('E'), else late by the calendar days between ('D');
 * - not delivered and today past the promised date: 'A', late by the calendar days since the promised date;
 * - else an exception event as the latest: 'X'; no event for `diasSemOcorrencia` days: 'S'; else 'T'.
 */
export function statusRastreio(e: EntradaStatus): ResultadoStatus {
  const limite = e.diasSemOcorrencia ?? DIAS_SEM_OCORRENCIA;
  const semNoticia = Math.max(0, diasEntre(diaSaoPaulo(e.ultimaNoticiaEm), e.hoje));
  if (e.dataEntrega) {
    const atraso = e.dataPrevista ? Math.max(0, diasEntre(e.dataPrevista, e.dataEntrega)) : 0;
    return { status: atraso > 0 ? 'D' : 'E', diasAtraso: atraso, diasSemOcorrencia: 0 };
  }
  if (e.dataPrevista && e.hoje > e.dataPrevista) return { status: 'A', diasAtraso: diasEntre(e.dataPrevista, e.hoje), diasSemOcorrencia: semNoticia };
  if (e.excecao) return { status: 'X', diasAtraso: 0, diasSemOcorrencia: semNoticia };
  if (semNoticia >= limite) return { status: 'S', diasAtraso: 0, diasSemOcorrencia: semNoticia };
  return { status: 'T', diasAtraso: 0, diasSemOcorrencia: semNoticia };
}

export const rotuloStatusRastreio = (s: string) => STATUS_RASTREIO_LISTA.find((x) => x.value === s)?.label ?? s;
