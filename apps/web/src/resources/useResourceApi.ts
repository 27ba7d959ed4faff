import { MSG } from '@fretio/core';
import { type QueryClient, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { type ListPage, apiDelete, apiGet, apiPost, apiPut } from '../app/api.ts';
import { queryKeys } from '../app/queryKeys.ts';
import { useToastErro } from '../app/perfil.ts';
import { usePathParams } from './pathParams.ts';
import { fillPath } from './registry.ts';
import type { ItemOf, Registro, ResourceDef, RowAction } from './types.ts';

// Reads and writes of one declared resource. Writes invalidate its lists and the record's detail.
// Typed by the declaration: `defineResource<CentroCusto>` gives CentroCusto records (ItemOf), a plain
// ResourceDef gives Registro.
export function useResourceApi(def: ResourceDef) {
  const routeParams = usePathParams();
  const base = fillPath(def.api, routeParams);
  const keys = queryKeys.resource(def.key);
  // Sub-collections are cached per parent.
  const scope: Record<string, string> = base === def.api ? {} : { parent: base };
  return { base, keys, scope };
}

/** This resource's lists and everything cached under the keys of resources that show its data. */
export function invalidateLists(queryClient: QueryClient, def: ResourceDef) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.resource(def.key).lists() }),
    ...(def.invalidates ?? []).map((k) => queryClient.invalidateQueries({ queryKey: queryKeys.resource(k).all })),
  ]);
}

export function useResourceList<D extends ResourceDef>(def: D, query: Record<string, string | number>) {
  const { base, keys, scope } = useResourceApi(def);
  return useQuery({
    queryKey: keys.list({ ...query, ...scope }),
    queryFn: async ({ signal }) => (await apiGet<ListPage<ItemOf<D>>>(base, query, signal)).data,
    placeholderData: keepPreviousData,
    refetchInterval: def.atualizarACada ? (q) => def.atualizarACada?.((q.state.data?.data ?? []) as never) ?? false : undefined,
  });
}

export function useResourceDetail<D extends ResourceDef>(def: D, uid: string | null) {
  const { base, keys } = useResourceApi(def);
  return useQuery({
    queryKey: keys.detail(uid ?? ''),
    queryFn: async ({ signal }) => (await apiGet<ItemOf<D>>(`${base}/${uid}`, undefined, signal)).data,
    enabled: !!uid,
    staleTime: 0,
  });
}

export function useSaveResource<D extends ResourceDef>(def: D) {
  const { base, keys } = useResourceApi(def);
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  return useMutation({
    // The body is the form's values (through toInput): the declared `schema` checked it before.
    mutationFn: ({ uid, body }: { uid?: string; body: Record<string, unknown> }) =>
      uid ? apiPut<ItemOf<D>>(`${base}/${uid}`, body) : apiPost<ItemOf<D>>(base, body),
    onSuccess: async (reply, { uid }) => {
      message.success(def.afterSave?.(reply.data as Registro, { created: !uid, modal }) || MSG.salvoComSucesso);
      await Promise.all([uid ? queryClient.invalidateQueries({ queryKey: keys.detail(uid) }) : null, invalidateLists(queryClient, def)]);
    },
    // Field errors are shown on the form by the caller; the toast says what happened.
  });
}

export function useDeleteResource(def: ResourceDef) {
  const { base, keys } = useResourceApi(def);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const toastErro = useToastErro();
  return useMutation({
    mutationFn: (uid: string) => apiDelete(`${base}/${uid}`),
    onSuccess: async (reply, uid) => {
      message.success(def.deleteAction?.sucesso || reply.message || MSG.excluidoComSucesso);
      queryClient.removeQueries({ queryKey: keys.detail(uid) });
      await invalidateLists(queryClient, def);
    },
    onError: toastErro,
  });
}

/** A row action of the declaration: runs it, toasts the reply's message, refreshes the lists and the record. */
export function useRowAction(def: ResourceDef) {
  const { base, keys } = useResourceApi(def);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const toastErro = useToastErro();
  return useMutation({
    mutationFn: ({ action, record }: { action: RowAction; record: Registro }) => action.run(record, { base }),
    onSuccess: async (reply, { action, record }) => {
      message.success(action.sucesso?.(record) || reply.message || MSG.sucesso);
      await Promise.all([queryClient.invalidateQueries({ queryKey: keys.detail(record.uid) }), invalidateLists(queryClient, def)]);
    },
    onError: toastErro,
  });
}
