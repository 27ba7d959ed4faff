import { somenteDigitos } from '@fretio/core';
import { Input, type InputProps } from 'antd';
import type { FormRule } from 'antd';
import { comoCampo } from './campo.tsx';
import { mascarar } from './masks.ts';

// Telephone with area code: (00) 0000-0000 or (00) 00000-0000; the form value is its digits.
export const formatarTelefone = (v: string | null | undefined) => {
  const d = somenteDigitos(v);
  return mascarar(d, d.length > 10 ? '(##) #####-####' : '(##) ####-####');
};

type Props = Omit<InputProps, 'value' | 'onChange'> & { value?: string | null; onChange?: (digits: string) => void };

export function TelefoneInput({ value, onChange, ...rest }: Props) {
  return (
    <Input
      {...rest}
      inputMode="tel"
      placeholder={rest.placeholder ?? '(00) 00000-0000'}
      value={formatarTelefone(value)}
      onChange={(e) => onChange?.(somenteDigitos(e.target.value).slice(0, 11))}
    />
  );
}

export const telefoneRule: FormRule = {
  validator: async (_r, v: string | null | undefined) => {
    const n = somenteDigitos(v).length;
    if (n && (n < 10 || n > 11)) throw new Error('Telefone inválido (informe DDD e número)');
  },
};

/** TelefoneInput as the component of a `custom` field. */
export const TelefoneField = comoCampo(TelefoneInput);
