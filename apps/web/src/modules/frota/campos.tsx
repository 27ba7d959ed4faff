import { hojeSaoPaulo } from '@fretio/core';
import { DatePicker, Flex, Tag } from 'antd';
import dayjs from 'dayjs';
import type { FieldComponentProps } from '../../resources/types.ts';

// Driver's licence validity: a date (YYYY-MM-DD on the wire) and, once it is past, the red tag the
// list shows too. The API accepts an expired CNH and warns in its reply.
export const CNH_VENCIDA = 'CNH vencida';
export const TagCnhVencida = () => <Tag color="red">{CNH_VENCIDA}</Tag>;

export function CnhValidadeField({
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
  const data = typeof value === 'string' && value ? value : null;
  return (
    <Flex gap={8} align="center">
      <DatePicker
        {...aria}
        id={id}
        disabled={disabled}
        format="DD/MM/YYYY"
        style={{ flex: 1 }}
        value={data ? dayjs(data) : null}
        onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
      />
      {data && data < hojeSaoPaulo() && <TagCnhVencida />}
    </Flex>
  );
}
