import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { camposComSchema } from './camposDoSchema.ts';
import { RESOURCES } from './registry.ts';
import { formaDoSchema } from './zodRules.ts';

// The generic form sends a field left empty as null (valoresDosCampos). Every optional field of every
// declared form must therefore accept null in the schema the server validates with — otherwise saving
// a form with that field empty is a 400 the user cannot fix (found on the restriction's Produtos/NCMs).
describe('campos opcionais vazios', () => {
  it('todo campo opcional de um registro novo aceita null no schema do servidor', () => {
    const recusados: string[] = [];
    for (const def of RESOURCES) {
      // A new record: every field starts empty unless initialValues fill it (an edit starts from the record).
      for (const schema of [def.schema]) {
        if (!schema || def.toInput) continue;
        const forma = formaDoSchema(schema) as Record<string, z.ZodType>;
        for (const f of camposComSchema(def.fields, schema)) {
          const campo = forma[f.name];
          if (!campo || f.required || f.kind === 'bool' || f.editOnly) continue;
          // A field the form starts filled is null only if the user clears it; the schema's message then shows on it.
          if (def.initialValues?.[f.name] !== undefined) continue;
          if (!campo.safeParse(null).success) recusados.push(`${def.key}.${f.name}`);
        }
      }
    }
    expect(recusados).toEqual([]);
  });
});
