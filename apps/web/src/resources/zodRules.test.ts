import {
  calculoInput,
  centroCustoInput,
  departamentoInput,
  feriadoInput,
  motoristaInput,
  produtoInput,
  tabelaFreteInput,
} from '@fretio/core';
import { describe, expect, it } from 'vitest';
import { errosDoSchema, regrasDoSchema } from './zodRules.ts';

// The form rules the web derives from core's input schemas, and the schema's refinements run before sending.
describe('regrasDoSchema', () => {
  it('reads required and string bounds through optional/nullable/default/preprocess/transform', () => {
    expect(regrasDoSchema(centroCustoInput)).toEqual({
      codigo: { required: true, max: 20 },
      nome: { required: true, max: 120 },
      ativo: { required: false },
    });
    const dep = regrasDoSchema(departamentoInput);
    expect(dep.descricao).toEqual({ required: false, max: 255 });
    expect(dep.centroCustoUid.required).toBe(false);
  });

  it('sees through a preprocess to a required enum, and a preprocess to a default', () => {
    expect(regrasDoSchema(motoristaInput).cnhCategoria.required).toBe(true);
    expect(regrasDoSchema(motoristaInput).nome).toEqual({ required: true, max: expect.any(Number) });
    expect(regrasDoSchema(produtoInput).unidade.required).toBe(false);
  });

  it('reads number bounds, and the shape of a refined object', () => {
    const calculo = regrasDoSchema(calculoInput);
    expect(calculo.pesoKg).toMatchObject({ required: true, minValue: 0 });
    expect(calculo.m3.required).toBe(false);
    expect(Object.keys(regrasDoSchema(feriadoInput))).toContain('municipioIbge');
  });
});

describe('errosDoSchema', () => {
  it('puts an object refinement on its field with the message the server gives', () => {
    const erros = errosDoSchema(tabelaFreteInput, {
      nome: 'Tabela',
      transportadorUid: 'a0000000-0000-4000-8000-000000000001',
      vigenciaInicio: '2026-02-01',
      vigenciaFim: '2026-01-01',
    });
    expect(erros).toEqual([{ field: 'vigenciaFim', message: expect.stringContaining('A vigência termina antes de começar') }]);
  });

  it('answers the field messages of zTexto and nothing for valid values', () => {
    expect(errosDoSchema(centroCustoInput, { codigo: 'x'.repeat(21), nome: 'Comercial' })).toEqual([
      { field: 'codigo', message: 'Deve ter no máximo 20 caracteres' },
    ]);
    expect(errosDoSchema(centroCustoInput, { codigo: 'C1', nome: 'Comercial', ativo: true })).toEqual([]);
  });
});
