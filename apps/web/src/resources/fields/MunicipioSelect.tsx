import type { SelectProps } from 'antd';
import { useMemo } from 'react';
import type { FieldDef, Registro, RemoteOptions } from '../types.ts';
import { RemoteSelect } from './RemoteSelect.tsx';

// Municipalities of the IBGE (locais/ibge/lista: searched on the server by name or code, at most 50),
// optionally those of one UF. The value is the 7-digit IBGE code; the label 'Cidade, UF - código'.
export const rotuloMunicipio = (nome: unknown, uf: unknown, ibge: unknown) => (nome && ibge ? `${nome}, ${uf} - ${ibge}` : null);

/** Remote options of a municipality field; `ufField` names the form field whose UF narrows the list. */
export function municipioRemote(ufField?: string): RemoteOptions {
  return {
    api: '/locais/ibge/lista',
    value: 'value',
    search: 'q',
    label: (r) => String(r.label),
    ...(ufField ? { dependsOn: { field: ufField, param: 'uf' } } : {}),
  };
}

type Props = Omit<SelectProps, 'options'> & { uf?: string | null; current?: { value: string; label: string } | null };

/** A searchable municipality select outside the declared forms (filters, custom screens). */
export function MunicipioSelect({ uf, current, ...rest }: Props) {
  const remote = useMemo<RemoteOptions>(() => ({ ...municipioRemote(), query: uf ? { uf } : undefined }), [uf]);
  return <RemoteSelect placeholder="Busque o município" {...rest} remote={remote} current={current} />;
}

/**
 * A declared municipality field: the municipalities of the UF in `ufField` (default 'uf'); the label
 * of the edited record's value comes from `nomeField` (default 'municipioNome') and its UF.
 */
export function campoMunicipio(o: Partial<FieldDef> & { ufField?: string; nomeField?: string } = {}): FieldDef {
  const { ufField = 'uf', nomeField = 'municipioNome', ...field } = o;
  const name = field.name ?? 'municipioIbge';
  return {
    label: 'Município',
    ...field,
    name,
    kind: 'remoteSelect',
    remote: {
      ...municipioRemote(ufField),
      currentLabel: (r: Registro) => rotuloMunicipio(r[nomeField], r[ufField], r[name]),
    },
  };
}
