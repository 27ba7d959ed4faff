import type { FormInstance } from 'antd';
import { ApiError } from '../app/api.ts';

// Server field errors ({field, message}) onto the antd form; returns the ones no field shows.
export function aplicarErrosNoForm(form: FormInstance, e: unknown, campos: string[]): string[] {
  if (!(e instanceof ApiError) || !e.fieldErrors.length) return [];
  const conhecidos = e.fieldErrors.filter((f) => campos.includes(f.field));
  form.setFields(conhecidos.map((f) => ({ name: f.field, errors: [f.message] })));
  return e.fieldErrors.filter((f) => !campos.includes(f.field)).map((f) => f.message);
}
