import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';

// Every default message zod produces reads as Brazilian Portuguese in the forms' wording (spec §5).
const msg = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('esperava erro');
  return r.error.issues[0].message;
};

describe('mensagens padrão do zod em pt-BR', () => {
  it('obrigatório e tipo errado', () => {
    expect(msg(z.object({ a: z.string() }), {})).toBe('Campo obrigatório');
    expect(msg(z.number(), 'x')).toBe('Precisa ser do tipo número');
    expect(msg(z.boolean(), 1)).toBe('Precisa ser do tipo verdadeiro ou falso');
  });
  it('tamanhos de texto, listas e números', () => {
    expect(msg(z.string().max(3), 'abcd')).toBe('Deve ter no máximo 3 caracteres');
    expect(msg(z.string().min(2), 'a')).toBe('Deve ter no mínimo 2 caracteres');
    expect(msg(z.array(z.number()).max(1), [1, 2])).toBe('Deve ter no máximo 1 item');
    expect(msg(z.number().max(10), 11)).toBe('Deve ser menor ou igual a 10');
    expect(msg(z.number().positive(), 0)).toBe('Deve ser maior que 0');
  });
  it('enum e formatos', () => {
    expect(msg(z.enum(['A', 'B']), 'C')).toBe('Deve ser um dos [A, B]');
    expect(msg(z.email(), 'x')).toBe('E-mail inválido');
    expect(msg(z.uuid(), 'x')).toBe('Identificador inválido');
    expect(msg(z.strictObject({}), { x: 1 })).toBe('Campo não reconhecido: x');
  });
  it('nenhuma mensagem em português europeu ou inglês', () => {
    const schemas: [z.ZodType, unknown][] = [
      [z.string().length(2), 'abc'],
      [z.number().int(), 1.5],
      [z.number().multipleOf(5), 3],
      [z.union([z.string(), z.number()]), true],
      [z.literal('x'), 'y'],
      [z.iso.date(), '2026-13-40'],
    ];
    for (const [s, v] of schemas) expect(msg(s, v)).not.toMatch(/Demasiado|esperava|Entrada inválida|Invalid|expected/i);
  });
});
