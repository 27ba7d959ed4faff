import { formatarPlaca, normalizarPlaca, placaValida } from '@fretio/core';
import { Input, type InputProps } from 'antd';
import type { FormRule } from 'antd';

// Vehicle plates: the old format (ABC-1234) and Mercosul (ABC1D23). Typing keeps only what fits each
// position (3 letters, a digit, a letter or digit, 2 digits); the form value is stored without the hyphen.
const POSICOES = [/[A-Z]/, /[A-Z]/, /[A-Z]/, /\d/, /[A-Z0-9]/, /\d/, /\d/];

/** What was typed, reduced to the characters a plate accepts at each position. */
export function filtrarPlaca(v: string): string {
  let out = '';
  for (const c of normalizarPlaca(v)) {
    if (out.length >= POSICOES.length) break;
    if (POSICOES[out.length].test(c)) out += c;
  }
  return out;
}

export { formatarPlaca };

type Props = Omit<InputProps, 'value' | 'onChange'> & { value?: string | null; onChange?: (v: string) => void };

export function PlacaInput({ value, onChange, ...rest }: Props) {
  return (
    <Input
      {...rest}
      autoComplete="off"
      placeholder={rest.placeholder ?? 'ABC1D23'}
      value={formatarPlaca(value)}
      onChange={(e) => onChange?.(filtrarPlaca(e.target.value))}
    />
  );
}

export const placaRule: FormRule = {
  validator: async (_r, v: string | null | undefined) => {
    if (v && !placaValida(v)) throw new Error('Placa inválida');
  },
};
