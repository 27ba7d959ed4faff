import { somenteDigitos } from '@fretio/core';
import { Form, Input, InputNumber } from 'antd';
import type { FormRule } from 'antd';
import { useEffect } from 'react';
import { mascarar } from '../../resources/fields/masks.ts';
import type { FieldComponentProps } from '../../resources/types.ts';

// Product fields: the NCM typed as 0000.00.00 and the volume (m³) computed from the dimensions.
export const formatarNcm = (v: unknown) => mascarar(String(v ?? ''), '####.##.##');

export function NcmField({
  value,
  onChange,
  id,
  disabled,
  field: _f,
  record: _r,
  form: _form,
  uid: _u,
  close: _c,
  ...aria
}: FieldComponentProps) {
  return (
    <Input
      {...aria}
      id={id}
      disabled={disabled}
      inputMode="numeric"
      placeholder="0000.00.00"
      value={formatarNcm(value)}
      onChange={(e) => onChange?.(somenteDigitos(e.target.value).slice(0, 8))}
    />
  );
}

export const ncmRule: FormRule = {
  validator: async (_r, v: string | null | undefined) => {
    if (v && somenteDigitos(v).length !== 8) throw new Error('NCM deve ter 8 dígitos');
  },
};

/** Centimetres → m³ per unit (6 places), when the three dimensions are known. */
export function m3DasDimensoes(c: unknown, l: unknown, a: unknown): number | null {
  const [x, y, z] = [c, l, a].map((v) => (v === null || v === undefined || v === '' ? Number.NaN : Number(v)));
  if (!(x > 0 && y > 0 && z > 0)) return null;
  return Math.round(((x * y * z) / 1_000_000) * 1e6) / 1e6;
}

/** m³ computed (and not editable) while length, width and height are filled; typed otherwise. */
export function M3Field({ value, onChange, id, disabled, form, field: _f, record: _r, uid: _u, close: _c, ...aria }: FieldComponentProps) {
  const c = Form.useWatch('comprimentoCm', form);
  const l = Form.useWatch('larguraCm', form);
  const a = Form.useWatch('alturaCm', form);
  const calculado = m3DasDimensoes(c, l, a);
  useEffect(() => {
    if (calculado !== null && Number(value) !== calculado) onChange?.(calculado);
  }, [calculado, value, onChange]);
  return (
    <InputNumber<number>
      {...aria}
      id={id}
      style={{ width: '100%' }}
      decimalSeparator=","
      min={0}
      suffix="m³"
      disabled={disabled || calculado !== null}
      value={value === null || value === undefined || value === '' ? null : Number(value)}
      onChange={(v) => onChange?.(v ?? null)}
    />
  );
}
