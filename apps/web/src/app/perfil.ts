import { type Acao, MSG, type Perfil, RECURSO_TODOS, TIPO_USUARIO, pode } from '@fretio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { type ApiError, apiDelete, apiGet, apiPut, apiUpload } from './api.ts';
import { queryKeys } from './queryKeys.ts';
import { useSession } from './session.tsx';

// The signed-in user's profile: who they are, their shippers and what their role may do.
export function usePerfil() {
  const { status } = useSession();
  return useQuery({
    queryKey: queryKeys.perfil,
    queryFn: async ({ signal }) => (await apiGet<Perfil>('/perfil', undefined, signal)).data,
    enabled: status === 'authenticated',
    staleTime: 60_000,
  });
}

/** The system administrator (tipoUsuario 9) may do everything, as on the server. */
export const podeNoPerfil = (p: Perfil | undefined, recurso: string, acao: Acao) =>
  !!p && (p.tipoUsuario === TIPO_USUARIO.ADMIN || (recurso === RECURSO_TODOS && acao === 'ler') || pode(p.permissoes, recurso, acao));

export function usePode() {
  const { data } = usePerfil();
  return useCallback((recurso: string, acao: Acao) => podeNoPerfil(data, recurso, acao), [data]);
}

/** Toasts an API failure with its message (403, 404, 409 and friends). 401 is handled by the client. */
export function useToastErro() {
  const { message } = App.useApp();
  return useCallback(
    (e: unknown) => {
      const err = e as ApiError;
      if (err?.status === 401) return;
      const texto = err?.message || MSG.erroProcessar;
      message.error({ content: texto, key: `erro:${texto}` });
    },
    [message],
  );
}

/** Switching the active shipper re-issues the session cookie; every cached answer belongs to the old one. */
export function useTrocarEmbarcador() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const toastErro = useToastErro();
  return useMutation({
    mutationFn: (uid: string) => apiPut<unknown>(`/perfil/embarcador-ativo/${uid}`),
    onSuccess: async (_r, uid) => {
      await queryClient.invalidateQueries();
      const nome = queryClient.getQueryData<Perfil>(queryKeys.perfil)?.embarcadores.find((e) => e.uid === uid)?.nome;
      message.success(nome ? `Embarcador ativo: ${nome}` : MSG.sucesso);
    },
    onError: toastErro,
  });
}

function usePerfilMutation<V>(fn: (v: V) => Promise<{ message: string }>, sucesso?: string) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const toastErro = useToastErro();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (r) => {
      message.success(sucesso ?? r.message ?? MSG.salvoComSucesso);
      await queryClient.invalidateQueries({ queryKey: queryKeys.perfil });
    },
    onError: toastErro,
  });
}

export const useSalvarPerfil = () =>
  usePerfilMutation((v: { nome: string; apelido: string | null }) => apiPut('/perfil', v), MSG.salvoComSucesso);
export const useEnviarFoto = () => usePerfilMutation((file: File) => apiUpload('/perfil/foto', file), 'Foto atualizada.');
export const useRemoverFoto = () => usePerfilMutation((_: undefined) => apiDelete('/perfil/foto'), 'Foto removida.');
