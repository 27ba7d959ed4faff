import { MSG } from '@fretio/core';

// The one HTTP client of the web app: unwraps the {success, message, data} envelope, turns failures
// into ApiError and runs the 401 behaviour (toast, then sign-out) registered by the SessionProvider.
export const API_BASE = '/api/v1';

/** A field's failure; a conflict with an existing record (duplicate CNPJ/CPF) names it in `registro`. */
export type FieldError = { field: string; message: string; registro?: { uid: string; nome: string } };

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: FieldError[] = [],
    /** The reply's data, when a failure carries one (e.g. the row report of an import that saved nothing). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiReply<T> = { data: T; message: string };
export type ListPage<T> = { data: T[]; totalRecords: number };
export type Query = Record<string, string | number | boolean | null | undefined>;

type Options = { method?: string; body?: unknown; query?: Query; signal?: AbortSignal };

let onUnauthorized: (() => void) | null = null;
/** The SessionProvider decides what a 401 does (it owns toasts, cache and navigation). */
export function setUnauthorizedHandler(fn: (() => void) | null) {
  onUnauthorized = fn;
}

export function toQueryString(query: Query = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `?${s}` : '';
}

/** Calls /api/v1{path}; resolves with data and message, rejects with ApiError. */
export async function api<T>(path: string, opts: Options = {}): Promise<ApiReply<T>> {
  const isForm = opts.body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${toQueryString(opts.query)}`, {
      method: opts.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      signal: opts.signal,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError('Falha de rede. Verifique sua conexão e tente novamente.', 0);
  }
  const json = (await res.json().catch(() => null)) as { success?: boolean; message?: string; data?: T; errors?: FieldError[] } | null;
  if (res.ok && json?.success !== false) return { data: json?.data as T, message: json?.message ?? MSG.sucesso };
  const error = new ApiError(json?.message || MSG.erroProcessar, res.status, json?.errors ?? [], json?.data);
  if (res.status === 401) onUnauthorized?.();
  throw error;
}

export const apiGet = <T>(path: string, query?: Query, signal?: AbortSignal) => api<T>(path, { query, signal });
export const apiPost = <T>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body: body ?? {} });
export const apiPut = <T>(path: string, body?: unknown) => api<T>(path, { method: 'PUT', body: body ?? {} });
export const apiDelete = <T = null>(path: string) => api<T>(path, { method: 'DELETE' });
export const apiUpload = <T>(path: string, file: File, field = 'file') => {
  const form = new FormData();
  form.append(field, file);
  return api<T>(path, { method: 'POST', body: form });
};
