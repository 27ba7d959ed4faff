import { CAMPO, cnpjValido, cpfValido, somenteDigitos } from '@fretio/core';
import { Input, type InputProps } from 'antd';
import type { FormRule } from 'antd';
import { mascararDocumento } from './masks.ts';

// CPF/CNPJ typed with its mask; the form value is digits only (as the API stores it).
export type TipoDocumento = 'cpf' | 'cnpj' | 'cpfCnpj';

type Props = Omit<InputProps, 'value' | 'onChange'> & {
  value?: string | null;
  onChange?: (digits: string) => void;
  tipo?: TipoDocumento;
};

const MAX = { cpf: 11, cnpj: 14, cpfCnpj: 14 } as const;

export function CpfCnpjInput({ value, onChange, tipo = 'cpfCnpj', ...rest }: Props) {
  return (
    <Input
      {...rest}
      inputMode="numeric"
      value={mascararDocumento(value ?? '', tipo)}
      onChange={(e) => onChange?.(somenteDigitos(e.target.value).slice(0, MAX[tipo]))}
    />
  );
}

/** Check digits validated by @fretio/core; an empty value is left to `required`. */
export function documentoRule(tipo: TipoDocumento = 'cpfCnpj'): FormRule {
  return {
    validator: async (_r, v: string | null | undefined) => {
      if (!v) return;
      const ok = tipo === 'cpf' ? cpfValido(v) : tipo === 'cnpj' ? cnpjValido(v) : cpfValido(v) || cnpjValido(v);
      if (ok) return;
      // Either document: the message names the one typed (by its length), as the user reads it.
      const n = somenteDigitos(v).length;
      const qual = tipo === 'cpfCnpj' ? (n === 11 ? 'cpf' : n === 14 ? 'cnpj' : tipo) : tipo;
      throw new Error(qual === 'cpf' ? CAMPO.cpfInvalido : qual === 'cnpj' ? CAMPO.cnpjInvalido : CAMPO.documentoInvalido);
    },
  };
}
