// Business-day arithmetic on calendar dates. Works in UTC on purpose: a date has no timezone,
// and local-time Date math drifts a day around DST changes or for dates written as UTC.

const DATA_ISO = /^(\d{4})-(\d{2})-(\d{2})/;
const DIA_MS = 86_400_000;

/** Calendar date of 'YYYY-MM-DD' or an ISO date-time, as written (no timezone conversion). */
export function dataCalendario(data: string): string | null {
  const m = DATA_ISO.exec(data.trim());
  if (!m) return null;
  const [, a, mes, d] = m;
  const t = Date.UTC(Number(a), Number(mes) - 1, Number(d));
  // Rejects 2026-02-30 and friends, which Date.UTC would silently roll over.
  return formatar(t) === `${a}-${mes}-${d}` ? `${a}-${mes}-${d}` : null;
}

function formatar(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

function conjuntoFeriados(feriados: Iterable<string>): ReadonlySet<string> {
  // Tolerates date-times in the list; rebuilt per call because caller arrays are mutable.
  const s = new Set<string>();
  for (const f of feriados) s.add(f.slice(0, 10));
  return s;
}

export function ehDiaUtil(data: string, feriados: Iterable<string> = []): boolean {
  const cal = dataCalendario(data);
  if (!cal) throw new RangeError(`Data inválida: "${data}"`);
  const dia = new Date(`${cal}T00:00:00Z`).getUTCDay();
  return dia !== 0 && dia !== 6 && !conjuntoFeriados(feriados).has(cal);
}

/**
 * `data` + `dias` business days, skipping Saturdays, Sundays and `feriados` ('YYYY-MM-DD').
 * With 0 days the date itself is returned. Returns 'YYYY-MM-DD'.
 */
export function adicionarDiasUteis(data: string, dias: number, feriados: Iterable<string> = []): string {
  const cal = dataCalendario(data);
  if (!cal) throw new RangeError(`Data inválida: "${data}"`);
  if (!Number.isInteger(dias) || dias < 0) throw new RangeError(`Prazo inválido: ${dias} dias úteis`);
  const conjunto = conjuntoFeriados(feriados);
  let t = Date.parse(`${cal}T00:00:00Z`);
  let restantes = dias;
  while (restantes > 0) {
    t += DIA_MS;
    const dia = new Date(t).getUTCDay();
    if (dia === 0 || dia === 6 || conjunto.has(formatar(t))) continue;
    restantes--;
  }
  return formatar(t);
}
