import { Select } from 'antd';
import type { FieldComponentProps } from '../../resources/types.ts';

/** Days of each instalment typed as tags ("30", "60"…), kept as a growing list of whole numbers. */
export function DiasParcelas({ value, onChange, id, disabled }: FieldComponentProps) {
  const dias = Array.isArray(value) ? (value as number[]) : [];
  return (
    <Select
      id={id}
      mode="tags"
      disabled={disabled}
      aria-label="Dias das parcelas"
      placeholder="Ex.: 30, 60, 90"
      tokenSeparators={[',', ' ', '/']}
      value={dias.map(String)}
      open={false}
      onChange={(v: string[]) => onChange?.([...new Set(v.map((s) => Number.parseInt(s, 10)).filter((n) => Number.isInteger(n) && n >= 0))].sort((a, b) => a - b))}
    />
  );
}
