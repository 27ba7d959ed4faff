import { type TabelaFrete, type TabelaFreteCompleta, type RegraItem, MSG } from '@fretio/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiGet, apiPost } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// Reads and helpers of the freight tables shared by the list and the editor.
export const TABELAS_KEY = 'tabelas-frete';

const chaveCompleta = (uid: string) => [...queryKeys.resource(TABELAS_KEY).detail(uid), 'completa'] as const;

/** The whole table (routes with their rules and ranges, generalidades, priorities, restrictions). */
export function useTabelaCompleta(uid: string | null) {
  return useQuery({
    queryKey: chaveCompleta(uid ?? ''),
    queryFn: async ({ signal }) => (await apiGet<TabelaFreteCompleta>(`/tabelasfrete/${uid}`, { par: 'cmp,full' }, signal)).data,
    enabled: !!uid,
    staleTime: 0,
  });
}

/** Everything cached about tables (lists, details, the whole table) after a change of any part. */
export function useAtualizarTabelas() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [TABELAS_KEY] }), [queryClient]);
}

/** GET of a file (XLSX export): saved under the server's file name; failures as ApiError. */
export async function baixarArquivo(url: string, nomePadrao: string) {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError('Falha de rede. Verifique sua conexão e tente novamente.', 0);
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(json?.message || MSG.erroProcessar, res.status);
  }
  const nome = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? nomePadrao;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = nome;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** A rule as the API takes it (ranges inline for FAIXA). */
export function corpoDaRegra(r: RegraItem) {
  return {
    componente: r.componente,
    base: r.base,
    calculo: r.calculo,
    valor: r.calculo === 'FAIXA' ? null : r.valor,
    minimo: r.minimo,
    maximo: r.maximo,
    aposMinimo: r.aposMinimo,
    faixas: r.calculo === 'FAIXA' ? r.faixas.map((f) => ({ ate: f.ate, valor: f.valor, modo: f.modo })) : undefined,
  };
}

/** The server copies the whole table in one transaction (POST {uid}/duplicar); the copy starts in Validação. */
export async function duplicarTabela(uid: string): Promise<TabelaFrete> {
  return (await apiPost<TabelaFrete>(`/tabelasfrete/${uid}/duplicar`, {})).data;
}
