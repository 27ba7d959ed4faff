// Plain quantities (weights, dimensions, capacities) in pt-BR: '1.234,5'. Money uses formatarDinheiro.
export function formatarNumero(v: unknown, casas = 3): string {
  if (v === null || v === undefined || v === '') return '—';
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v);
  return n.toLocaleString('pt-BR', { maximumFractionDigits: casas });
}

/** A quantity with its unit, e.g. '7.000 kg'. */
export const comUnidade =
  (unidade: string, casas = 3) =>
  (v: unknown) =>
    v === null || v === undefined || v === '' ? '—' : `${formatarNumero(v, casas)} ${unidade}`;
