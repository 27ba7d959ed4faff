// Query keys in one place: invalidation after a write (or a shipper switch) must hit exactly
// what the screens read. Every resource gets the same shape: all / lists / list(params) / detail(uid).
export type ListParams = Record<string, string | number>;

export function resourceKeys(key: string) {
  const all = [key] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: ListParams) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (uid: string) => [...all, 'detail', uid] as const,
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
