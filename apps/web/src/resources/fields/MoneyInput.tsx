import { formatarDinheiro, parseNumeroLocal } from '@fretio/core';
import { Input, type InputProps } from 'antd';
import { useEffect, useState } from 'react';

// Money typed with comma decimals ("1.234,56"); the form value is a number rounded to `casas` places.
type Props = Omit<InputProps, 'value' | 'onChange'> & {
  value?: number | string | null;
  onChange?: (v: number | null) => void;
  casas?: number;
};

const mostrar = (v: Props['value'], casas: number) => (v === null || v === undefined || v === '' ? '' : formatarDinheiro(v, casas));

export function MoneyInput({ value, onChange, casas = 2, ...rest }: Props) {
  const [texto, setTexto] = useState(() => mostrar(value, casas));
  const [editando, setEditando] = useState(false);
  // Values set from outside (form.setFieldsValue) show formatted unless the user is typing.
  useEffect(() => {
    if (!editando) setTexto(mostrar(value, casas));
  }, [value, casas, editando]);
  return (
    <Input
      {...rest}
      inputMode="decimal"
      prefix={rest.prefix ?? 'R$'}
      value={texto}
      onFocus={() => setEditando(true)}
      onChange={(e) => {
        const t = e.target.value.replace(/[^\d.,-]/g, '');
        setTexto(t);
        onChange?.(parseNumeroLocal(t, casas));
      }}
      onBlur={() => {
        setEditando(false);
        setTexto(mostrar(parseNumeroLocal(texto, casas), casas));
      }}
    />
  );
}
