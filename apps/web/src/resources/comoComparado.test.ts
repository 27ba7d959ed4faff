import { describe, expect, it } from 'vitest';
import { comoComparado } from './comoComparado.ts';

describe('comoComparado (o que o aviso de descarte compara)', () => {
  it('o registro como veio e o formulário intocado são iguais, mesmo com campos vazios registrados e outra ordem', () => {
    const registro = { uid: 'u1', nome: 'Arrozeira', cep: '96010000', complemento: null, ativo: true, remetente: false };
    const formulario = { ativo: true, nome: 'Arrozeira', uid: 'u1', cep: '96010000', complemento: undefined, ie: '', papeis: [], remetente: false };
    expect(comoComparado(formulario)).toBe(comoComparado(registro));
    expect(comoComparado(undefined)).toBe(comoComparado({ nome: '' }));
  });

  it('um valor digitado, apagado ou trocado é uma mudança', () => {
    const base = comoComparado({ nome: 'Arrozeira', ativo: true, valor: 0 });
    expect(comoComparado({ nome: 'Arrozeira Ltda', ativo: true, valor: 0 })).not.toBe(base);
    expect(comoComparado({ nome: '', ativo: true, valor: 0 })).not.toBe(base);
    expect(comoComparado({ nome: 'Arrozeira', ativo: false, valor: 0 })).not.toBe(base);
    expect(comoComparado({ nome: 'Arrozeira', ativo: true, valor: null })).not.toBe(base);
  });
});
