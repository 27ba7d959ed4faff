import { centroCustoInput, configuracaoInput, prazoEntregaInput } from '@fretio/core';
import { describe, expect, it } from 'vitest';
import { camposComSchema } from './camposDoSchema.ts';
import type { FieldDef } from './types.ts';

// What the generic form gets for each declared field: the schema's rules, unless the declaration says otherwise.
describe('camposComSchema', () => {
  it('fills required and max of text from the schema; a switch is never required', () => {
    const fields: FieldDef[] = [
      { name: 'codigo', label: 'Código' },
      { name: 'ativo', label: 'Ativo', kind: 'bool' },
    ];
    expect(camposComSchema(fields, centroCustoInput)).toEqual([
      { name: 'codigo', label: 'Código', required: true, max: 20, min: undefined },
      { name: 'ativo', label: 'Ativo', kind: 'bool', required: false, max: undefined, min: undefined },
    ]);
  });

  it('keeps what the declaration writes (overrides) and fields the schema does not know', () => {
    const fields: FieldDef[] = [
      { name: 'nome', label: 'Nome', required: false, max: 60 },
      { name: 'extra', label: 'Só da tela' },
    ];
    const [nome, extra] = camposComSchema(fields, centroCustoInput);
    expect(nome).toMatchObject({ required: false, max: 60 });
    expect(extra).toBe(fields[1]);
  });

  it('gives a number its bounds, unless it has rules of its own', () => {
    const [prazo] = camposComSchema([{ name: 'prazoDiasUteis', label: 'Prazo', kind: 'number' }], prazoEntregaInput);
    expect(prazo).toMatchObject({ required: true, min: 0, max: 365 });
    const proprio = { validator: async () => undefined };
    const [fator] = camposComSchema([{ name: 'fatorCubagemPadrao', label: 'Fator', kind: 'number', rules: [proprio] }], configuracaoInput);
    expect(fator).toMatchObject({ min: undefined, max: undefined });
  });

  it('leaves the fields as declared without a schema', () => {
    const fields: FieldDef[] = [{ name: 'codigo', label: 'Código', required: true }];
    expect(camposComSchema(fields, undefined)).toBe(fields);
  });
});
