import type { Dashboard, FiltroBi, FiltroRelatorio, NomeRelatorio } from '@fretio/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListPage, apiGet, apiPost } from '../../app/api.ts';
import { useMutacao } from '../../app/mutacoes.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// Calls of the dashboard, the reports and the BI screens. Everything here only reads: no cache to refresh
// after an export (the task is followed on its own key).

const limpar = <T extends object>(f: T) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;

export const useDashboard = (f: FiltroBi, habilitado = true) =>
  useQuery({
    queryKey: queryKeys.resource('dashboard').list(limpar(f)),
    queryFn: async ({ signal }) => (await apiGet<Dashboard>('/dashboard', limpar(f), signal)).data,
    enabled: habilitado,
    placeholderData: keepPreviousData,
  });

export const useRelatorio = (caminho: string, f: FiltroRelatorio) =>
  useQuery({
    queryKey: queryKeys.resource('relatorios').namedList(caminho, limpar(f)),
    queryFn: async () => (await apiPost<ListPage<Record<string, unknown>>>(`/${caminho}`, limpar(f))).data,
    placeholderData: keepPreviousData,
  });

export const useExportarRelatorio = () =>
  useMutacao((v: { relatorio: NomeRelatorio; filtros: FiltroRelatorio; formato?: 'xlsx' | 'csv' | 'pdf' }) => apiPost<{ uid: string }>('/relatorios/exportar', { ...v, filtros: limpar(v.filtros) }), () => []);

export const useDataset = <T>(caminho: string, metodo: 'GET' | 'POST', f: FiltroBi) =>
  useQuery({
    queryKey: queryKeys.resource('bi').namedList(caminho, limpar(f)),
    queryFn: async ({ signal }) => (metodo === 'GET' ? await apiGet<T>(`/${caminho}`, limpar(f), signal) : await apiPost<T>(`/${caminho}`, limpar(f))).data,
    placeholderData: keepPreviousData,
  });
