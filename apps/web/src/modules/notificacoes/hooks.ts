import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { Notificacao, NovidadesNotificacao } from '@fretio/core';
import { type ListPage, api, apiDelete, apiGet, apiPost } from '../../app/api.ts';
import { useMutacao } from '../../app/mutacoes.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// The signed-in user's notifications (API /api/v1/notificacao). The bell polls `news` every 30 s and
// when the window regains focus, sending back the previous ultimaRequisicao as `desde`: when
// something new arrived, the drawer's list refreshes too. The unread count always comes from the server.
export const CHAVES = queryKeys.resource('notificacao');
export const INTERVALO_MS = 30_000;

export function useNovidades() {
  const desde = useRef<string | undefined>(undefined);
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: CHAVES.namedList('news'),
    queryFn: async ({ signal }) => {
      const r = (await apiGet<NovidadesNotificacao>('/notificacao/news', { desde: desde.current }, signal)).data;
      if (desde.current && r.novaNotificacao) void queryClient.invalidateQueries({ queryKey: CHAVES.namedList('caixa') });
      desde.current = r.ultimaRequisicao;
      return r;
    },
    refetchInterval: INTERVALO_MS,
    refetchOnWindowFocus: 'always',
  });
}

/** The drawer's page: unread first, then newest. */
export function useCaixa(pc: number, pps: number, aberta: boolean) {
  return useQuery({
    queryKey: CHAVES.namedList('caixa', { pc, pps }),
    queryFn: async ({ signal }) => (await apiGet<ListPage<Notificacao>>('/notificacao', { pc, pps }, signal)).data,
    enabled: aberta,
  });
}

const tudo = () => [CHAVES.all];

export const useMarcarLeitura = () =>
  useMutacao((v: { uid: string; lida: boolean }) => api<Notificacao>(`/notificacao/${v.uid}`, { method: 'PATCH', body: { dataLeitura: v.lida ? new Date().toISOString() : null } }), tudo);
export const useMarcarTodas = () => useMutacao(() => apiPost<{ marcadas: number }>('/notificacao/marcar-lidas'), tudo);
export const useExcluirNotificacao = () => useMutacao((uid: string) => apiDelete(`/notificacao/${uid}`), tudo);
