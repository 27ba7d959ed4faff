import { capitalizarNome } from '@fretio/core';
import { Input, type InputProps } from 'antd';
import { comoCampo } from './campo.tsx';

// A person's or company's name: on leaving the field it takes the form the API saves (each word
// capitalised, Portuguese connectives in lower case: 'Transportes de Cargas').
type Props = Omit<InputProps, 'value' | 'onChange'> & { value?: string | null; onChange?: (v: string) => void };

export function NomeInput({ value, onChange, onBlur, ...rest }: Props) {
  return (
    <Input
      {...rest}
      value={value ?? ''}
      onChange={(e) => onChange?.(e.target.value)}
      onBlur={(e) => {
        if (value?.trim()) onChange?.(capitalizarNome(value));
        onBlur?.(e);
      }}
    />
  );
}

/** NomeInput as the component of a `custom` field. */
export const NomeField = comoCampo(NomeInput);
