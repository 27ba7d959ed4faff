import { useQuery } from '@tanstack/react-query';
import { Form, Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { type ListPage, apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { usePathParams } from '../pathParams.ts';
import { fillPath } from '../registry.ts';
import type { Registro, RemoteOptions } from '../types.ts';

// A Select whose options are another resource's list (or a selection list, a plain array). Its query
// key sits under that resource, so saving a record there refreshes the options here too. With
// `search`, typing searches the server; with `dependsOn`, another field of the form narrows the list.
type Props = Omit<SelectProps, 'options'> & { remote: RemoteOptions; current?: { value: string; label: string } | null };

const resourceKeyOf = (api: string) => api.replace(/^\//, '').split('/')[0];

/** Paged lists answer {data, totalRecords}; selection lists answer the array itself. */
const itemsOf = (data: ListPage<Registro> | Registro[]) => (Array.isArray(data) ? data : data.data);

function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

function useOptions(api: string, params: Record<string, string | number>, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.resource(resourceKeyOf(api)).list(params), 'opcoes', api],
    queryFn: async ({ signal }) => itemsOf((await apiGet<ListPage<Registro> | Registro[]>(api, params, signal)).data),
    staleTime: 30_000,
    enabled,
  });
}

/** The label `remote` gives `value` (a linked record's name shown outside a form, e.g. the audit trail):
 * the same options RemoteSelect loads (shared cache), else a lookup by the search parameter; null
 * while unknown or when the list needs path parameters. */
export function useRotuloRemoto(remote: RemoteOptions | undefined, value: string | null | undefined, enabled = true): string | null {
  const api = remote && !remote.api.includes(':') ? remote.api : '';
  const pode = enabled && !!api && !!value;
  const lista = useOptions(api, { src: 'embarcador', pc: 1, pps: 500, ...(remote?.query ?? {}) } as Record<string, string | number>, pode);
  const valueField = remote?.value ?? 'uid';
  const naLista = lista.data?.find((r) => String(r[valueField]) === String(value));
  const busca = useOptions(api, { src: 'embarcador', pc: 1, pps: 20, [remote?.search ?? '']: String(value ?? '') }, pode && !!remote?.search && !!lista.data && !naLista);
  const achado = naLista ?? busca.data?.find((r) => String(r[valueField]) === String(value));
  return achado && remote ? remote.label(achado) : null;
}

export function RemoteSelect({ remote, current, ...rest }: Props) {
  const api = fillPath(remote.api, usePathParams());
  const form = Form.useFormInstance();
  const dependency = Form.useWatch(
    (values: Record<string, unknown>) => (remote.dependsOn ? values[remote.dependsOn.field] : undefined),
    form,
  );
  const [busca, setBusca] = useState('');
  const termo = useDebounced(busca.trim());
  const params = { src: 'embarcador', pc: 1, pps: 500, ...(remote.query ?? {}) } as Record<string, string | number>;
  if (remote.dependsOn && dependency) params[remote.dependsOn.param] = String(dependency);
  if (remote.search && termo) params[remote.search] = termo;
  const { data, isFetching, isError } = useOptions(api, params);

  const valueField = remote.value ?? 'uid';
  const options = (data ?? []).map((r) => ({ value: String(r[valueField]), label: remote.label(r) }));
  const value = rest.value as string | null | undefined;
  const missing = !!value && !options.some((o) => o.value === String(value)) && current?.value !== String(value);
  // A value outside the loaded page (server search): looked up by the search parameter itself.
  const lookup = useOptions(
    api,
    { src: 'embarcador', pc: 1, pps: 20, [remote.search ?? '']: String(value ?? '') },
    !!remote.search && missing && !isFetching,
  );
  const found = lookup.data?.find((r) => String(r[valueField]) === String(value));
  if (current && !options.some((o) => o.value === current.value)) options.unshift(current);
  if (found && !options.some((o) => o.value === String(value))) options.unshift({ value: String(value), label: remote.label(found) });

  return (
    <Select
      allowClear
      showSearch={remote.search ? { filterOption: false, onSearch: setBusca, searchValue: busca } : { optionFilterProp: 'label' }}
      loading={isFetching}
      status={isError ? 'error' : undefined}
      notFoundContent={isError ? 'Erro ao carregar opções' : 'Nenhum registro encontrado'}
      placeholder="Selecione"
      {...rest}
      onChange={(v, o) => {
        setBusca('');
        rest.onChange?.(v, o);
      }}
      options={options}
    />
  );
}
