import { MSG, feriadoInput, tabelaFreteUpdate } from '@fretio/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../app/api.ts';
import { erroNoNavegador } from './validarNoNavegador.ts';

// The body is checked against the server's schema before it is sent; only errors the form can show block it.
const tabela = { nome: 'Tabela', transportadorUid: 'a0000000-0000-4000-8000-000000000001', vigenciaInicio: '2026-02-01' };

describe('erroNoNavegador', () => {
  it('answers the ApiError the server would, with the refinement on its field', () => {
    const e = erroNoNavegador(tabelaFreteUpdate, { ...tabela, vigenciaFim: '2026-01-01' }, ['nome', 'vigenciaInicio', 'vigenciaFim']);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 400, message: MSG.parametrosInvalidos });
    expect(e?.fieldErrors.map((f) => f.field)).toEqual(['vigenciaFim']);
  });

  it('lets the server judge errors on fields the form does not show, and valid bodies', () => {
    expect(erroNoNavegador(tabelaFreteUpdate, { ...tabela, vigenciaFim: '2026-01-01' }, ['nome'])).toBeNull();
    expect(erroNoNavegador(tabelaFreteUpdate, { ...tabela, vigenciaFim: null }, ['nome', 'vigenciaFim'])).toBeNull();
    expect(erroNoNavegador(undefined, {}, ['nome'])).toBeNull();
  });

  it('runs superRefine rules: a state holiday needs its UF', () => {
    const e = erroNoNavegador(feriadoInput, { data: '2026-07-09', nome: 'Revolução', escopo: 'UF', uf: null }, [
      'data',
      'nome',
      'escopo',
      'uf',
    ]);
    expect(e?.fieldErrors).toEqual([{ field: 'uf', message: 'Informe a UF do feriado estadual' }]);
  });
});
