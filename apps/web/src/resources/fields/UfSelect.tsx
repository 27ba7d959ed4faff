import { type EstadoItem, UFS } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { comoCampo } from './campo.tsx';

// The 27 UFs (locais/estados/lista: 'SP - São Paulo', searched without accents); the value is the
// sigla and the closed select shows only it. Until the list arrives, the siglas of @fretio/core.
export const semAcento = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function useEstados() {
  return useQuery({
    queryKey: queryKeys.resource('locais').namedList('estados'),
    queryFn: async ({ signal }) => (await apiGet<EstadoItem[]>('/locais/estados/lista', undefined, signal)).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function UfSelect(props: Omit<SelectProps, 'options'>) {
  const { data } = useEstados();
  const options = data
    ? [...data].sort((a, b) => a.sigla.localeCompare(b.sigla)).map((e) => ({ value: e.sigla, label: `${e.sigla} - ${e.nome}` }))
    : UFS.map((uf) => ({ value: uf, label: uf }));
  return (
    <Select
      allowClear
      placeholder="UF"
      showSearch={{ filterOption: (input, o) => semAcento(String(o?.label ?? '')).includes(semAcento(input)) }}
      labelRender={(o) => o.value}
      popupMatchSelectWidth={false}
      options={options}
      {...props}
    />
  );
}

/** UfSelect as the component of a `custom` field. */
export const UfField = comoCampo(UfSelect);
