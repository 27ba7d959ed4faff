import { somenteDigitos } from '@fretio/core';

// Progressive masks while typing ('#' = one digit). Complete values are formatted by @fretio/core.
export function mascarar(valor: string, padrao: string): string {
  const d = somenteDigitos(valor);
  let out = '';
  let i = 0;
  for (const c of padrao) {
    if (i >= d.length) break;
    if (c === '#') out += d[i++];
    else out += c;
  }
  return out;
}

export const MASCARA = {
  cpf: '###.###.###-##',
  cnpj: '##.###.###/####-##',
  cep: '#####-###',
} as const;

/** CPF mask up to 11 digits, CNPJ beyond. */
export const mascararDocumento = (v: string, tipo: 'cpf' | 'cnpj' | 'cpfCnpj') => {
  if (tipo === 'cpf') return mascarar(v, MASCARA.cpf);
  if (tipo === 'cnpj') return mascarar(v, MASCARA.cnpj);
  return somenteDigitos(v).length <= 11 ? mascarar(v, MASCARA.cpf) : mascarar(v, MASCARA.cnpj);
};
