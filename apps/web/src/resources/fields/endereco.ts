import { UFS } from '@fretio/core';
import type { FieldDef } from '../types.ts';

// The address fields most registers share: CEP, UF and the IBGE municipality (searched on the
// server among the chosen UF's, shown as 'Cidade, UF - código').
export const UF_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

export function camposEndereco(): FieldDef[] {
  return [
    { name: 'cep', label: 'CEP', kind: 'cep', span: 8 },
    { name: 'uf', label: 'UF', kind: 'select', options: UF_OPTIONS, span: 6 },
    {
      name: 'municipioIbge',
      label: 'Município',
      kind: 'remoteSelect',
      span: 10,
      remote: {
        api: '/locais/ibge/lista',
        value: 'value',
        search: 'q',
        dependsOn: { field: 'uf', param: 'uf' },
        label: (r) => String(r.label),
      },
    },
  ];
}
