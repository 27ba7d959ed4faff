import type { z } from 'zod';
import { comRotulos } from '@fretio/core';

// Form rules read from the zod input schema the server validates with (packages/core/src/api), so
// the browser asks for what the server will ask for. Pure: no React, no antd (tested in node).

/** What a form field needs, as the schema says it. */
export type RegraDoCampo = {
  required: boolean;
  /** String length bounds. */
  max?: number;
  min?: number;
  /** Number bounds (inclusive). */
  maxValue?: number;
  minValue?: number;
};

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  schema?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers that accept a missing or null value: the field may stay blank. */
const OPCIONAIS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'undefined', 'null', 'void', 'any', 'unknown']);

/** The schema the value is checked against first: a pipe's input, or — when the pipe starts with a
 * preprocess (a bare transform accepts anything) — its output. */
function seguinte(s: z.ZodType): z.ZodType | undefined {
  const d = defOf(s);
  if (d.type === 'pipe' && d.in && d.out) return defOf(d.in).type === 'transform' ? d.out : d.in;
  if (d.type === 'lazy' && d.getter) return d.getter();
  return d.innerType;
}

/** Whether a blank (missing or null) value fails: no optional/nullable/default on the way down. */
export function obrigatorio(s: z.ZodType): boolean {
  const d = defOf(s);
  if (OPCIONAIS.has(d.type) || d.type === 'transform') return false;
  if (d.type === 'union') return (d.options ?? []).every(obrigatorio);
  if (d.type === 'nonoptional') return true;
  const proximo = seguinte(s);
  return proximo ? obrigatorio(proximo) : true;
}

/** The innermost string or number schema (through wrappers and pipes), where the bounds live. */
function base(s: z.ZodType): z.ZodType {
  const d = defOf(s);
  if (d.type === 'string' || d.type === 'number') return s;
  const proximo = seguinte(s);
  return proximo ? base(proximo) : s;
}

// zod 4.6 computes bounds on demand (the public minLength/maxLength/minValue/maxValue getters); `_zod.bag`
// is empty until a check writes to it, so the getters are the reliable source.
type Limites = { minLength?: number | null; maxLength?: number | null; minValue?: number | null; maxValue?: number | null };
const finito = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);

/** The rule of one field of the schema. */
export function regraDoCampo(s: z.ZodType): RegraDoCampo {
  const required = obrigatorio(s);
  const b = base(s);
  const tipo = defOf(b).type;
  const l = b as unknown as Limites;
  const regra: RegraDoCampo = { required };
  if (tipo === 'string') {
    const max = finito(l.maxLength);
    const min = finito(l.minLength);
    if (max !== undefined) regra.max = max;
    // min 1 is zTexto's way of saying "not blank": `required` already says it.
    if (min !== undefined && min > 1) regra.min = min;
  }
  if (tipo === 'number') {
    const maxValue = finito(l.maxValue);
    const minValue = finito(l.minValue);
    if (maxValue !== undefined) regra.maxValue = maxValue;
    if (minValue !== undefined) regra.minValue = minValue;
  }
  return regra;
}

/** The object's shape, through refinements kept on the object and pipes/unions around it. */
export function formaDoSchema(s: z.ZodType): Record<string, z.ZodType> {
  const d = defOf(s);
  if (d.type === 'object') return (s as unknown as { shape: Record<string, z.ZodType> }).shape;
  // A union of objects (e.g. a location of one kind or another): every key of every option.
  if (d.type === 'union') return Object.assign({}, ...(d.options ?? []).map(formaDoSchema));
  const proximo = seguinte(s);
  return proximo ? formaDoSchema(proximo) : {};
}

/** Rules of every field of an input schema, by field name. */
export function regrasDoSchema(s: z.ZodType): Record<string, RegraDoCampo> {
  return Object.fromEntries(Object.entries(formaDoSchema(s)).map(([nome, campo]) => [nome, regraDoCampo(campo)]));
}

/** The schema's own verdict on the values about to be sent (field rules and object refinements such
 * as "vigência fim ≥ início"), as the server's {field, message} errors: same pt-BR messages. */
export function errosDoSchema(s: z.ZodType, values: unknown): { field: string; message: string }[] {
  const r = s.safeParse(values);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: comRotulos(i.message) }));
}
