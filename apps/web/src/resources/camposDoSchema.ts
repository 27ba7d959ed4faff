import type { z } from 'zod';
import type { FieldDef } from './types.ts';
import { regrasDoSchema } from './zodRules.ts';

const TEXTO = new Set(['text', 'textarea', 'email', 'password']);

// The declared fields with what the input schema says filled in: required (asterisk and message),
// max/min length of text, min/max of numbers. A value written in the declaration wins (an override,
// e.g. `required: false` for a field the form fills by itself).
export function camposComSchema(fields: FieldDef[], schema: z.ZodType | undefined): FieldDef[] {
  if (!schema) return fields;
  const regras = regrasDoSchema(schema);
  return fields.map((f) => {
    const regra = regras[f.name];
    if (!regra) return f;
    const kind = f.kind ?? 'text';
    const texto = TEXTO.has(kind);
    // A number field with rules of its own (e.g. "inteiro entre 1 e 10.000") says its bounds in its own
    // words: no second message for the same value.
    const numero = kind === 'number' && !f.rules?.length;
    return {
      ...f,
      // A switch always sends true/false (valoresDosCampos): never "required".
      required: f.required ?? (kind !== 'bool' && regra.required),
      max: f.max ?? (texto ? regra.max : numero ? regra.maxValue : undefined),
      min: f.min ?? (texto ? regra.min : numero ? regra.minValue : undefined),
    };
  });
}
