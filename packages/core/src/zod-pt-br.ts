import type { z } from 'zod';
import { CAMPO } from './mensagens.ts';

// zod's built-in 'pt' locale is European Portuguese ("Demasiado grande: esperava que…"). Our users read
// Brazilian Portuguese in the wording of the forms (spec §5): this map answers every issue zod raises
// when a schema gave no message of its own.

const TIPO: Record<string, string> = {
  string: 'texto',
  number: 'número',
  int: 'número inteiro',
  bigint: 'número inteiro',
  boolean: 'verdadeiro ou falso',
  date: 'data',
  array: 'lista',
  object: 'objeto',
  tuple: 'lista',
  record: 'objeto',
  file: 'arquivo',
};

const UNIDADE: Record<string, [string, string]> = {
  string: ['caractere', 'caracteres'],
  array: ['item', 'itens'],
  set: ['item', 'itens'],
  file: ['byte', 'bytes'],
};

const FORMATO: Record<string, string> = {
  email: 'E-mail inválido',
  uuid: CAMPO.uidInvalido,
  guid: CAMPO.uidInvalido,
  date: CAMPO.dataInvalida,
  datetime: CAMPO.dataInvalida,
  time: 'hora inválida',
  url: 'Endereço (URL) inválido',
};

const quantos = (n: number | bigint, origem: string) => {
  const u = UNIDADE[origem];
  return u ? `${n} ${Number(n) === 1 ? u[0] : u[1]}` : String(n);
};

const valor = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function mensagemZod(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return CAMPO.obrigatorio;
      return `Precisa ser do tipo ${TIPO[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      if (issue.values.length === 1) return `Deve ser ${valor(issue.values[0])}`;
      return `Deve ser um dos [${issue.values.map(valor).join(', ')}]`;
    case 'too_big': {
      const origem = String(issue.origin);
      if (UNIDADE[origem]) return `Deve ter no máximo ${quantos(issue.maximum, origem)}`;
      return issue.inclusive ? CAMPO.valorMaximo(Number(issue.maximum)) : `Deve ser menor que ${issue.maximum}`;
    }
    case 'too_small': {
      const origem = String(issue.origin);
      if (origem === 'string' && Number(issue.minimum) === 1) return CAMPO.obrigatorio;
      if (UNIDADE[origem]) return `Deve ter no mínimo ${quantos(issue.minimum, origem)}`;
      return issue.inclusive ? CAMPO.valorMinimo(Number(issue.minimum)) : `Deve ser maior que ${issue.minimum}`;
    }
    case 'invalid_format':
      return FORMATO[issue.format] ?? 'Formato inválido';
    case 'not_multiple_of':
      return `Deve ser múltiplo de ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Campo${issue.keys.length > 1 ? 's' : ''} não reconhecido${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'Valor inválido';
    default:
      return 'Valor inválido';
  }
}
