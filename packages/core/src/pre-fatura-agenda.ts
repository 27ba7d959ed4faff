// Scheduled pre-invoices (pré-faturas agendadas): the shipper's setting says how often the approved CT-es
// of each carrier are closed into a pre-invoice. Given today's date (São Paulo day), the last period
// already closed: the scheduler creates one task per shipper and period (the period key is unique), so a
// server that was down on the closing day still closes it on the next tick.

export const PERIODICIDADES_PRE_FATURA = ['desligada', 'semanal', 'quinzenal', 'mensal'] as const;
export type PeriodicidadePreFatura = (typeof PERIODICIDADES_PRE_FATURA)[number];

export type AgendaPreFatura = {
  periodicidade: PeriodicidadePreFatura;
  /** Weekly: the closing weekday, 1 Monday … 7 Sunday (ISO); the week closed is the 7 days before it. */
  diaSemana: number;
  /** Monthly: the closing day of the month (1–28); the month closed ends the day before it. */
  diaMes: number;
};

/** inicio/fim inclusive (YYYY-MM-DD); chave identifies the period for the uniqueness of its task. */
export type PeriodoPreFatura = { inicio: string; fim: string; chave: string };

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const somarDias = (d: string, n: number) => iso(new Date(utc(d).getTime() + n * 86_400_000));
const dia = (ano: number, mes0: number, d: number) => iso(new Date(Date.UTC(ano, mes0, d)));

/** The last period closed on or before `hoje` (YYYY-MM-DD), or null when the schedule is off. */
export function ultimoPeriodoPreFatura(a: AgendaPreFatura, hoje: string): PeriodoPreFatura | null {
  const h = utc(hoje);
  const ano = h.getUTCFullYear();
  const mes = h.getUTCMonth();
  const d = h.getUTCDate();
  let inicio: string;
  let fechamento: string;
  switch (a.periodicidade) {
    case 'semanal': {
      const isoDow = ((h.getUTCDay() + 6) % 7) + 1;
      fechamento = somarDias(hoje, -((isoDow - a.diaSemana + 7) % 7));
      inicio = somarDias(fechamento, -7);
      break;
    }
    case 'quinzenal':
      // Fortnights 1–15 and 16–end of month, closed on the 16th and on the 1st.
      fechamento = d >= 16 ? dia(ano, mes, 16) : dia(ano, mes, 1);
      inicio = d >= 16 ? dia(ano, mes, 1) : dia(ano, mes - 1, 16);
      break;
    case 'mensal': {
      const m = d >= a.diaMes ? mes : mes - 1;
      fechamento = dia(ano, m, a.diaMes);
      inicio = dia(ano, m - 1, a.diaMes);
      break;
    }
    default:
      return null;
  }
  const fim = somarDias(fechamento, -1);
  return { inicio, fim, chave: `${a.periodicidade}:${inicio}:${fim}` };
}
