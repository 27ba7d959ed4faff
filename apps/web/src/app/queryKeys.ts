// Query keys in one place: invalidation after a write (or a shipper switch) must hit exactly
// what the screens read. Every resource gets the same shape: all / lists / list(params) / detail(uid),
// plus named lists and record parts for custom screens (modules/<name>/hooks.ts), which live under
// the same prefixes so that invalidating a resource's lists or record refreshes them too.
export type ListParams = Record<string, string | number>;

export function resourceKeys(key: string) {
  const all = [key] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: ListParams) => [...all, 'list', params] as const,
    /** Another list of the resource (selection list, active ones, a history): refreshed with its lists. */
    namedList: (name: string, params: ListParams = {}) => [...all, 'list', name, params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (uid: string) => [...all, 'detail', uid] as const,
    /** A part or another view of one record (the whole table, a certificate): refreshed with the record. */
    detailPart: (uid: string, part: string) => [...all, 'detail', uid, part] as const,
  };
}
export type ResourceKeys = ReturnType<typeof resourceKeys>;

export const queryKeys = {
  session: ['session'] as const,
  perfil: ['perfil'] as const,
  /** Account tokens (reset password, activation) checked before showing their form. */
  token: (token: string) => ['conta-token', token] as const,
  resource: resourceKeys,
};
