import { CAMPO } from '../mensagens.ts';
import { z, zTexto } from '../zod.ts';

// API tokens: `Authorization: Bearer fretio_...` for integrations; the secret is shown once.
const DATA_OU_DATA_HORA = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** ISO 8601 date or date-time strictly in the future; a date alone means the end of that day (UTC-3). */
export const zExpiracaoFutura = z
  .string({ error: CAMPO.dataInvalida })
  .trim()
  .regex(DATA_OU_DATA_HORA, CAMPO.dataInvalida)
  .transform((s, ctx) => {
    const iso = s.length === 10 ? `${s}T23:59:59-03:00` : s;
    const t = Date.parse(iso);
    if (Number.isNaN(t)) {
      ctx.addIssue({ code: 'custom', message: CAMPO.dataInvalida });
      return z.NEVER;
    }
    if (t <= Date.now()) {
      ctx.addIssue({ code: 'custom', message: 'A data de expiração deve ser futura' });
      return z.NEVER;
    }
    return new Date(t).toISOString();
  });

export const apiTokenInput = z.object({
  nome: zTexto(80),
  expiraEm: z.preprocess((v) => (v === '' ? null : v), zExpiracaoFutura.nullish()).transform((v) => v ?? null),
});
export const apiToken = z.object({
  uid: z.string(),
  nome: z.string(),
  prefixo: z.string(),
  usuarioNome: z.string().nullable(),
  criadoEm: z.string(),
  expiraEm: z.string().nullable(),
  ultimoUso: z.string().nullable(),
  revogadoEm: z.string().nullable(),
  ativo: z.boolean(),
});
export type ApiToken = z.infer<typeof apiToken>;
/** The create reply: the record plus the secret, returned this one time only. */
export const apiTokenCriado = apiToken.extend({ token: z.string() });
export type ApiTokenCriado = z.infer<typeof apiTokenCriado>;
