// What the discard prompt compares (descarte.ts): a form's values against what it was opened with.

/** The values as compared: empty ones (null, undefined, '', [], false: a switch never turned on) left out
 * and the keys in order, so a field that reports its unchanged value on load (antd then counts it as
 * touched), or a field registered empty, is not a change. */
export function comoComparado(valores: Record<string, unknown> | null | undefined): string {
  const vazio = (v: unknown) => v === null || v === undefined || v === '' || v === false || (Array.isArray(v) && v.length === 0);
  return JSON.stringify(
    Object.keys(valores ?? {})
      .filter((k) => !vazio(valores?.[k]))
      .sort()
      .map((k) => [k, valores?.[k]]),
  );
}
