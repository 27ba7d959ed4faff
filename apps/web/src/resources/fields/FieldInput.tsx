import { CAMPO, STATUS, statusDef } from '@fretio/core';
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import dayjs from 'dayjs';
import type { FieldDef, Registro } from '../types.ts';
import { CepInput, cepRule } from './CepInput.tsx';
import { CpfCnpjInput, documentoRule } from './CpfCnpjInput.tsx';
import { MoneyInput } from './MoneyInput.tsx';
import { RemoteSelect } from './RemoteSelect.tsx';

// One declared field → its antd input and its rules (messages come from VALIDATE_MESSAGES).
export function fieldRules(f: FieldDef): FormRule[] {
  const rules: FormRule[] = [];
  const texto = !f.kind || ['text', 'textarea', 'email', 'password'].includes(f.kind);
  // Only text gets `whitespace`: any other key makes async-validator type-check the value as a string,
  // so a required select of numbers failed with "precisa ser do tipo undefined".
  if (f.required) rules.push(texto ? { required: true, whitespace: true } : { required: true });
  if (texto && f.max) rules.push({ max: f.max });
  if (texto && f.min) rules.push({ min: f.min });
  // `type: 'number'` only where the input gives numbers (InputNumber); messages: VALIDATE_MESSAGES.number.
  if (f.kind === 'number' && (f.min !== undefined || f.max !== undefined)) rules.push({ type: 'number', min: f.min, max: f.max });
  if (f.kind === 'email') rules.push({ type: 'email', message: CAMPO.emailInvalido });
  if (f.kind === 'cpf' || f.kind === 'cnpj' || f.kind === 'cpfCnpj') rules.push(documentoRule(f.kind));
  if (f.kind === 'cep') rules.push(cepRule);
  return [...rules, ...(f.rules ?? [])];
}

/** Switches hold `checked`, everything else `value`. */
export const valuePropName = (f: FieldDef) => (f.kind === 'bool' ? 'checked' : 'value');

/** DatePicker works with dayjs; the form value on the wire is 'YYYY-MM-DD'. */
export const dateProps = (f: FieldDef) =>
  f.kind === 'date'
    ? {
        getValueProps: (v: unknown) => ({ value: v ? dayjs(String(v)) : null }),
        normalize: (v: dayjs.Dayjs | null) => (v ? v.format('YYYY-MM-DD') : null),
      }
    : {};

/** What the form tells its fields: custom ones may read/set other fields or close the form. */
export type FieldContext = { form: FormInstance; uid: string | null; close: () => void };

type Props = { field: FieldDef; record?: Registro | null; disabled?: boolean; context?: FieldContext } & Record<string, unknown>;

/** A status field's options: an edited record may keep its status or move to the ones its status allows. */
export function statusOptions(f: FieldDef, record?: Registro | null) {
  if (!f.statusKey) return [];
  const atual = record ? statusDef(f.statusKey, Number(record[f.name])) : undefined;
  const permitidos = f.options?.map((o) => Number(o.value));
  return STATUS[f.statusKey].values
    .filter((s) => !permitidos || permitidos.includes(s.value) || s.value === atual?.value)
    .map((s) => ({ value: s.value, label: s.label, disabled: !!atual && s.value !== atual.value && !atual.next.includes(s.value) }));
}

/** Form.Item injects value/checked, onChange and id: `control` forwards them to the real input. */
export function FieldInput({ field: f, record, disabled, context, ...control }: Props) {
  const common = { ...control, disabled, placeholder: f.placeholder, maxLength: f.max };
  switch (f.kind) {
    case 'textarea':
      return <Input.TextArea {...common} rows={3} showCount={!!f.max} />;
    case 'password':
      return <Input.Password {...common} autoComplete="new-password" />;
    case 'number':
      return <InputNumber {...control} disabled={disabled} style={{ width: '100%' }} decimalSeparator="," />;
    case 'money':
      return <MoneyInput {...control} disabled={disabled} />;
    case 'bool':
      return <Switch {...control} disabled={disabled} checkedChildren="Sim" unCheckedChildren="Não" />;
    case 'date':
      return <DatePicker {...control} disabled={disabled} format="DD/MM/YYYY" style={{ width: '100%' }} />;
    case 'select':
      return (
        <Select
          {...control}
          disabled={disabled}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="Selecione"
          options={f.options ?? []}
        />
      );
    case 'status':
      return <Select {...control} disabled={disabled} placeholder="Selecione" options={statusOptions(f, record)} />;
    case 'custom': {
      const Component = f.component;
      if (!Component || !context) return null;
      return (
        <Component {...control} field={f} record={record} disabled={disabled} form={context.form} uid={context.uid} close={context.close} />
      );
    }
    case 'remoteSelect': {
      if (!f.remote) return null;
      const value = record?.[f.name];
      const label = record && f.remote.currentLabel?.(record);
      const current = value && label ? { value: String(value), label } : null;
      return <RemoteSelect {...control} disabled={disabled} remote={f.remote} current={current} />;
    }
    case 'cpf':
    case 'cnpj':
    case 'cpfCnpj':
      return <CpfCnpjInput {...control} disabled={disabled} tipo={f.kind} placeholder={f.placeholder} />;
    case 'cep':
      return <CepInput {...control} disabled={disabled} />;
    default:
      return <Input {...common} type={f.kind === 'email' ? 'email' : 'text'} />;
  }
}
