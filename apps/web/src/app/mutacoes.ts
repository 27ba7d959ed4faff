import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

// Mutations of the hooks files (modules/<name>/hooks.ts): the hooks file knows which cached queries a
// call changes (keys from queryKeys.ts); the screen only says what the user sees (toasts, navigation,
// form errors). The screen's reaction comes first, then the affected queries refresh.
export type Reacoes<T, V> = {
  onSuccess?: (data: T, vars: V) => unknown;
  onError?: (e: Error, vars: V) => unknown;
};

export function useMutacao<T, V>(
  mutationFn: (vars: V) => Promise<T>,
  /** Query-key prefixes to refresh after success (and, with `tambemNoErro`, after a failure too). */
  invalida: (vars: V) => QueryKey[],
  reacoes: Reacoes<T, V> = {},
  tambemNoErro = false,
) {
  const queryClient = useQueryClient();
  const atualizar = (vars: V) => Promise.all(invalida(vars).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    onSuccess: async (data, vars) => {
      await reacoes.onSuccess?.(data, vars);
      await atualizar(vars);
    },
    onError: async (e, vars) => {
      await reacoes.onError?.(e, vars);
      if (tambemNoErro) await atualizar(vars);
    },
  });
}
