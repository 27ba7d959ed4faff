import { UFS } from '@fretio/core';
import type { FieldDef } from '../types.ts';
import { CepField } from './CepField.tsx';
import { cepRule } from './CepInput.tsx';
import { campoMunicipio } from './MunicipioSelect.tsx';
import { UfField } from './UfSelect.tsx';

// The address fields most registers share: CEP, UF and the IBGE municipality (searched on the
// server among the chosen UF's, shown as 'Cidade, UF - código').
export const UF_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

/**
 * Options (all off by default): `buscarCep` makes the CEP fill UF, municipality, street and district
 * (locais/endereco/{cep}); `completo` adds street, number, complement and district.
 */
export type OpcoesEndereco = { buscarCep?: boolean; completo?: boolean };

export function camposEndereco(opcoes: OpcoesEndereco = {}): FieldDef[] {
  if (opcoes.buscarCep || opcoes.completo) return camposEnderecoCompleto(opcoes);
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

function camposEnderecoCompleto({ buscarCep, completo }: OpcoesEndereco): FieldDef[] {
  const cep: FieldDef = buscarCep
    ? { name: 'cep', label: 'CEP', kind: 'custom', component: CepField, rules: [cepRule], span: 8 }
    : { name: 'cep', label: 'CEP', kind: 'cep', span: 8 };
  return [
    cep,
    { name: 'uf', label: 'UF', kind: 'custom', component: UfField, span: 6 },
    campoMunicipio({ span: 10 }),
    // Lengths come from the resource's schema (the contact/location shape of core).
    ...(completo
      ? ([
          { name: 'logradouro', label: 'Logradouro', span: 16 },
          { name: 'numero', label: 'Número', span: 8 },
          { name: 'complemento', label: 'Complemento', span: 12 },
          { name: 'bairro', label: 'Bairro', span: 12 },
        ] satisfies FieldDef[])
      : []),
  ];
}
