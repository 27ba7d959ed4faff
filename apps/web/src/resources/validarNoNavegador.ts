import { MSG } from '@fretio/core';
import type { z } from 'zod';
import { ApiError } from '../app/api.ts';
import { errosDoSchema } from './zodRules.ts';

// Before sending, the body goes through the same zod schema the server uses: object refinements
// ("vigência fim ≥ início", "informe a UF do feriado estadual") show on their field at once, with the
// server's message. It answers the ApiError the server would have answered, so the form shows it the
// same way. Only errors on a field of the form block the request: anything else (a parameter the
// server fills in, a rule of another screen) is left for the server to judge.
export function erroNoNavegador(schema: z.ZodType | undefined, body: unknown, campos: string[]): ApiError | null {
  if (!schema) return null;
  const erros = errosDoSchema(schema, body);
  const noForm = erros.filter((e) => campos.includes(e.field) || campos.includes(e.field.split('.')[0]));
  return noForm.length ? new ApiError(MSG.parametrosInvalidos, 400, noForm) : null;
}
