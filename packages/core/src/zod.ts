import { z } from 'zod';
import { CAMPO } from './mensagens.ts';
import { mensagemZod } from './zod-pt-br.ts';
import { UID_REGEX, capitalizarNome, cepValido, cnpjValido, cpfValido, documentoValido, somenteDigitos } from './documentos.ts';

// zod speaks Brazilian Portuguese (ours, not the European 'pt' locale) everywhere it is imported from here.
z.config({ localeError: mensagemZod });

export { z };

/** Missing → 'Campo obrigatório'; present but of the wrong type → 'Valor inválido'. */
const REQ = { error: (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? CAMPO.obrigatorio : 'Valor inválido') };

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Required text, trimmed, bounded. */
/** Text never carries control characters PostgreSQL refuses (NUL) — a 400 on the field, not a 500. */
const semNul = (s: string) => !s.includes('\u0000');
export const CARACTERE_INVALIDO = 'Contém caractere inválido';

export const zTexto = (max = 255, min = 1) =>
  z.string(REQ).trim().min(min, min === 1 ? CAMPO.obrigatorio : CAMPO.minimo(min)).max(max, CAMPO.maximo(max)).refine(semNul, CARACTERE_INVALIDO);

/** Optional text: blank becomes null (spec §5). */
export const zTextoOpcional = (max = 255) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, CAMPO.maximo(max)).refine(semNul, CARACTERE_INVALIDO).nullish()).transform((v) => v ?? null);

/** A person's or company's name: capitalised word by word (spec §5). */
export const zNome = (max = 150) => zTexto(max).transform(capitalizarNome);

const digitos = (check: (d: string) => boolean, message: string) =>
  z.string(REQ).transform(somenteDigitos).refine(check, { message });

export const zCnpj = digitos(cnpjValido, CAMPO.cnpjInvalido);
export const zCpf = digitos(cpfValido, CAMPO.cpfInvalido);
export const zDocumento = digitos(documentoValido, CAMPO.documentoInvalido);
export const zCep = digitos(cepValido, CAMPO.cepInvalido);
export const opcional = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.nullish()).transform((v) => v ?? null);

export const zUid = z.string(REQ).regex(UID_REGEX, CAMPO.uidInvalido);
export const zEmail = z.string(REQ).trim().toLowerCase().max(150, CAMPO.maximo(150)).email(CAMPO.emailInvalido);
export const zUf = z.string(REQ).trim().toUpperCase().length(2, 'UF inválida');
export const zIbge = z.string(REQ).regex(/^\d{7}$/, 'Código IBGE inválido');
export const zBool = z.boolean({ error: 'Deve ser verdadeiro ou falso' });

/** Money in: a number or a comma/dot decimal string with at most `casas` places; out: a decimal string. */
export const zDinheiro = (casas = 2) =>
  z
    .union([z.number(), z.string()], { error: CAMPO.numeroInvalido })
    .transform((v, ctx) => {
      const s = typeof v === 'number' ? String(v) : v.trim().replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
      if (!/^-?\d+(\.\d+)?$/.test(s) || (s.split('.')[1]?.length ?? 0) > casas) {
        ctx.addIssue({ code: 'custom', message: CAMPO.numeroInvalido });
        return z.NEVER;
      }
      return s;
    });

/** ISO 8601 date (YYYY-MM-DD). */
export const zData = z.string(REQ).regex(/^\d{4}-\d{2}-\d{2}$/, CAMPO.dataInvalida).refine((s) => !Number.isNaN(Date.parse(s)), CAMPO.dataInvalida);
