import type { ComponentType } from 'react';
import type { FieldComponentProps } from '../types.ts';

// A plain input (value, onChange, id, disabled and Form.Item's aria-* props) used as the component of
// a `custom` field: the form's own extras (field, record, form, uid, close) are not passed down.
export function comoCampo<P extends object>(Input: ComponentType<P>, fixos?: Partial<P>): ComponentType<FieldComponentProps> {
  const Componente = Input as unknown as ComponentType<Record<string, unknown>>;
  function Campo({ field: _f, record: _r, form: _form, uid: _u, close: _c, ...control }: FieldComponentProps & Record<string, unknown>) {
    return <Componente {...(fixos as Record<string, unknown>)} {...control} />;
  }
  Campo.displayName = `Campo(${Input.displayName ?? Input.name ?? 'Input'})`;
  return Campo as ComponentType<FieldComponentProps>;
}
