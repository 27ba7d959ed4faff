import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

// Cross-site form posts: a browser sends the session cookie with a form posted from any site, but a
// form can only send urlencoded, multipart or text/plain bodies, and every browser names the page's
// origin (Origin, or Sec-Fetch-Site when Origin is left out). So a state-changing /api/v1 request
// must carry JSON (multipart only where the route uploads a file) and come from PUBLIC_URL's origin.
export const MSG_ORIGEM = 'Requisição de outra origem recusada.';
export const MSG_TIPO_CONTEUDO = 'Envie os dados em JSON (Content-Type: application/json).';

const ESCRITA = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Upload routes say so in their schema (`consumes: ['multipart/form-data']`), which also documents them in OpenAPI. */
function recebeArquivo(req: FastifyRequest) {
  const consumes = (req.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  return consumes?.includes('multipart/form-data') ?? false;
}

function tipoAceito(req: FastifyRequest) {
  const tipo = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const temCorpo = tipo !== '' || Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!temCorpo) return true;
  if (tipo === 'application/json' || (tipo.startsWith('application/') && tipo.endsWith('+json'))) return true;
  return tipo === 'multipart/form-data' && recebeArquivo(req);
}

/**
 * The page was served by the address the request is sent to (e.g. http://127.0.0.1:3000 while PUBLIC_URL
 * says localhost): the same origin by definition. A browser sets Host itself, and a page of another
 * site cannot make it send our cookie with a Host of its own.
 */
function mesmoEndereco(origin: string, host: string | undefined) {
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false; // 'null' (sandboxed pages) and garbage
  }
}

/** State-changing: POST/PUT/PATCH/DELETE, or a GET (and its HEAD twin) whose route declares `escrita` —
 *  the contract's commands that use GET (liberar, cancelar, finish…). */
function escreve(req: FastifyRequest) {
  return ESCRITA.has(req.method) || req.routeOptions.config?.escrita === true;
}

/**
 * Did a browser send this from a page of another site? Origin when the browser names it (every POST,
 * fetch and XHR); a top-level GET (a link, `location =`, a GET form) carries no Origin, so then
 * Sec-Fetch-Site ('same-site' is a sibling host, not our origin), and where a browser sends neither
 * (Safari before 16.4), the Referer when there is one.
 */
function deOutraOrigem(req: FastifyRequest, origem: string) {
  const aceita = (o: string) => o === origem || mesmoEndereco(o, req.headers.host);
  const origin = req.headers.origin;
  if (origin !== undefined) return !aceita(origin);
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'cross-site' || site === 'same-site';
  const referer = req.headers.referer;
  if (!referer) return false; // not a browser (server-to-server, scripts, tests), or a page that hides it
  try {
    return !aceita(new URL(referer).origin);
  } catch {
    return true;
  }
}

/** onRequest hook (before the body is read). */
export function exigirMesmaOrigem(publicUrl: string) {
  const origem = new URL(publicUrl).origin;
  return async function mesmaOrigem(req: FastifyRequest) {
    // The matched route's path, never req.url: the router decodes %xx ('/api/%761/…' is '/api/v1/…').
    const rota = req.routeOptions.url ?? '';
    if (!(rota.startsWith('/api/v1/') || rota.startsWith('/api/importar/')) || !escreve(req)) return;
    if (!tipoAceito(req)) throw AppError.forbidden(MSG_TIPO_CONTEUDO, 'TIPO_DE_CONTEUDO');
    // A Bearer token without a cookie is no ambient credential: a page on another site cannot add it.
    if (req.headers.authorization?.startsWith('Bearer ') && !req.headers.cookie) return;
    if (deOutraOrigem(req, origem)) throw AppError.forbidden(MSG_ORIGEM, 'OUTRA_ORIGEM');
  };
}
