import type { z } from 'zod';
import { type ListPage, type Query, apiDelete, apiGet, apiPost, apiPut } from './api.ts';

// The typed contract of one REST collection: its path under /api/v1 and the zod schemas of
// packages/core the server answers and validates with. No generator: the types are z.infer of the same
// schemas, so a change in core breaks `tsc -p apps/web` where the web no longer agrees.
export type Contrato<Item extends z.ZodType, Input extends z.ZodType, Update extends z.ZodType = Input> = {
  /** Path under /api/v1; ':param' placeholders are filled by `em` (e.g. '/tabelasfrete/:uid/rotas'). */
  path: string;
  item: Item;
  input: Input;
  /** PUT body, when it differs from the POST body. */
  update?: Update;
};

export type ItemDe<C> = C extends Contrato<infer I, z.ZodType, z.ZodType> ? z.output<I> : never;
export type InputDe<C> = C extends Contrato<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type UpdateDe<C> = C extends Contrato<z.ZodType, z.ZodType, infer U> ? z.input<U> : never;

export const contrato = <Item extends z.ZodType, Input extends z.ZodType, Update extends z.ZodType = Input>(
  c: Contrato<Item, Input, Update>,
) => c;

/** '/tabelasfrete/:uid/rotas' + {uid} → '/tabelasfrete/123/rotas'. */
export const preencherPath = (path: string, params: Record<string, string | undefined> = {}) =>
  path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));

/** The five calls of a collection, typed by its contract; `params` fill the path's placeholders. */
export function clienteDe<C extends Contrato<z.ZodType, z.ZodType, z.ZodType>>(c: C, params?: Record<string, string | undefined>) {
  type Item = ItemDe<C>;
  const base = preencherPath(c.path, params);
  return {
    base,
    listar: (query?: Query, signal?: AbortSignal) => apiGet<ListPage<Item>>(base, query, signal),
    obter: (uid: string, query?: Query, signal?: AbortSignal) => apiGet<Item>(`${base}/${uid}`, query, signal),
    criar: (body: InputDe<C>) => apiPost<Item>(base, body),
    alterar: (uid: string, body: UpdateDe<C>) => apiPut<Item>(`${base}/${uid}`, body),
    excluir: (uid: string) => apiDelete(`${base}/${uid}`),
  };
}
