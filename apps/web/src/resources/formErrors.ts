import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { ApiError, type FieldError } from '../app/api.ts';

// Server field errors ({field, message}) onto the antd form; returns the ones no field shows.
// A nested field ('origem.uf') lands on its field ('origem'); in a list field named in `listas`
// ('faixas.1.ate') it lands on the row's input (['faixas', 1, 'ate']), or on the list itself.
// A conflict naming an existing record (duplicate CNPJ/CPF) adds `registro(r)` below the message (its link).
export function aplicarErrosNoForm(
  form: FormInstance,
  e: unknown,
  campos: string[],
  listas: string[] = [],
  registro?: (r: NonNullable<FieldError['registro']>) => ReactNode,
): string[] {
  if (!(e instanceof ApiError) || !e.fieldErrors.length) return [];
  const porCampo = new Map<string, { name: string | (string | number)[]; errors: ReactNode[] }>();
  const semCampo: string[] = [];
  for (const f of e.fieldErrors) {
    const partes = f.field.split('.');
    const raiz = partes[0];
    if (!campos.includes(f.field) && !campos.includes(raiz)) {
      semCampo.push(f.message);
      continue;
    }
    const name =
      listas.includes(raiz) && partes.length > 2
        ? partes.map((p) => (/^\d+$/.test(p) ? Number(p) : p))
        : campos.includes(f.field)
          ? f.field
          : raiz;
    const chave = JSON.stringify(name);
    const atual = porCampo.get(chave) ?? { name, errors: [] };
    if (!atual.errors.includes(f.message)) atual.errors.push(f.message);
    if (f.registro && registro) atual.errors.push(registro(f.registro));
    porCampo.set(chave, atual);
  }
  // antd shows any node as an error line (its type says string).
  form.setFields([...porCampo.values()] as { name: string | (string | number)[]; errors: string[] }[]);
  return semCampo;
}
