import { InputNumber, type InputNumberProps } from 'antd';
import { comoCampo } from './campo.tsx';

// A rate in percent typed with comma decimals ('18,5 %'); the form value is a number.
type Props = Omit<InputNumberProps<number>, 'value' | 'onChange'> & {
  value?: number | string | null;
  onChange?: (v: number | null) => void;
  /** Decimal places accepted (default 4, as the API's rates). */
  casas?: number;
};

export function PercentInput({ value, onChange, casas = 4, ...rest }: Props) {
  return (
    <InputNumber<number>
      min={0}
      max={100}
      {...rest}
      style={{ width: '100%', ...rest.style }}
      decimalSeparator=","
      step={1}
      suffix="%"
      value={value === null || value === undefined || value === '' ? null : Number(value)}
      onChange={(v) => onChange?.(v === null || v === undefined ? null : Math.round(Number(v) * 10 ** casas) / 10 ** casas)}
    />
  );
}

/** 18 → '18,00 %', 1.6525 → '1,6525 %' (2 to 4 places). */
export function formatarPercentual(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v);
  return `${n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 })} %`;
}

/** PercentInput as the component of a `custom` field. */
export const PercentField = comoCampo(PercentInput);
