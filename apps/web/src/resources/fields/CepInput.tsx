import { CAMPO, cepValido, somenteDigitos } from '@fretio/core';
import { Input, type InputProps } from 'antd';
import type { FormRule } from 'antd';
import { MASCARA, mascarar } from './masks.ts';

// CEP typed as 00000-000; the form value is its 8 digits.
type Props = Omit<InputProps, 'value' | 'onChange'> & { value?: string | null; onChange?: (digits: string) => void };

export function CepInput({ value, onChange, ...rest }: Props) {
  return (
    <Input
      {...rest}
      inputMode="numeric"
      placeholder={rest.placeholder ?? '00000-000'}
      value={mascarar(value ?? '', MASCARA.cep)}
      onChange={(e) => onChange?.(somenteDigitos(e.target.value).slice(0, 8))}
    />
  );
}

export const cepRule: FormRule = {
  validator: async (_r, v: string | null | undefined) => {
    if (v && !cepValido(v)) throw new Error(CAMPO.cepInvalido);
  },
};
