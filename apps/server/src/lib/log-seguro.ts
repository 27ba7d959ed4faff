// What the log may hold: never a row's values. A database error carries the SQL and every bound
// parameter (Drizzle puts them in the message: "Failed query: … params: <every CPF of the file>"),
// and PostgreSQL's `detail` repeats key values; the log keeps the error class, the SQL state, the
// constraint and the stack frames. Long digit runs (CPF, CNPJ, phones) are masked in whatever text is left.

// Formatted CPF/CNPJ, or 10+ digits standing alone (CPF, CNPJ, phone with area code; not inside a uuid).
const DOCUMENTO = /\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|(?<![0-9A-Za-z-])\d{10,}(?![0-9A-Za-z-])/g;
export const mascararDigitos = (texto: string) => texto.replace(DOCUMENTO, (m) => `${'*'.repeat(Math.max(0, m.length - 2))}${m.slice(-2)}`);

type ErroQualquer = Error & Record<string, unknown>;
const CAMPOS_SEGUROS = ['code', 'constraint', 'table', 'column', 'schema', 'routine', 'severity', 'status', 'statusCode'];

export function erroSeguro(err: unknown, profundidade = 0): Record<string, unknown> {
  if (!err || typeof err !== 'object') return { message: mascararDigitos(String(err)) };
  const e = err as ErroQualquer;
  const comQuery = 'query' in e || 'params' in e || /^Failed query:/.test(String(e.message));
  const mensagem = comQuery ? 'Falha na consulta ao banco (SQL e parâmetros omitidos do log)' : mascararDigitos(String(e.message ?? ''));
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name ?? 'Error', message: mensagem };
  for (const k of CAMPOS_SEGUROS) if (typeof e[k] === 'string' || typeof e[k] === 'number') out[k] = e[k];
  if (typeof e.stack === 'string') out.stack = [`${out.type}: ${mensagem}`, ...e.stack.split('\n').filter((l) => /^\s+at /.test(l))].join('\n');
  if (e.cause && profundidade < 4) out.cause = erroSeguro(e.cause, profundidade + 1);
  return out;
}

/** Fastify's request line with digit runs masked (a search by CPF in the query string), without the
 * client's address: an IP address is personal data (LGPD) and the log does not need it. */
const requisicaoSegura = (req: { method: string; url: string; hostname?: string }) => ({
  method: req.method,
  url: mascararDigitos(req.url),
  host: req.hostname,
});

/** pino serializers for Fastify's logger (app.ts). */
export const serializadoresLog = {
  err: erroSeguro,
  error: erroSeguro,
  req: requisicaoSegura as never,
};
