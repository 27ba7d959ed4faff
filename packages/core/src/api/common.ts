import { z } from '../zod.ts';

// Reply envelope and list query string of CONVENTIONS.md, shared by server (OpenAPI, validation) and web.
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data });

export const listaDe = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), totalRecords: z.number().int() });

export const fieldError = z.object({
  field: z.string(),
  message: z.string(),
  registro: z
    .object({ uid: z.string(), nome: z.string() })
    .optional()
    .describe('O registro que já existe (documento duplicado): a tela oferece "Abrir o cadastro de <nome>"'),
});
export const errorReply = z.object({
  success: z.literal(false),
  message: z.string(),
  errorCode: z.number().int(),
  /** Stable machine-readable reason (e.g. VALIDATION, NOT_FOUND, TRANSICAO_INVALIDA): clients branch on it, never on the message. */
  code: z.string(),
  errors: z.array(fieldError).optional(),
});

export const PAGE_SIZE_MAX = 500;

/** Base list query: src, pc, pps, ssf, sso. Filters (`ftr_*`) are declared per resource. */
export const listQueryBase = z.object({
  src: z.string().optional().describe("Origem; sempre 'embarcador' no front-end do embarcador"),
  pc: z.coerce.number().int().min(1).default(1).describe('Página (começa em 1)'),
  pps: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20).describe('Registros por página (máx. 500)'),
  ssf: z.string().optional().describe('Campo de ordenação'),
  sso: z.enum(['ASC', 'DESC', 'asc', 'desc', 'ascend', 'descend']).optional().describe('Sentido da ordenação'),
});
export type ListQuery = z.infer<typeof listQueryBase> & Record<string, unknown>;

export const uidParam = z.object({ uid: z.string() });
export const auditado = { criadoEm: z.string(), atualizadoEm: z.string() };

/** The selection-list item: small and fast for selects with search. */
export const opcaoSelecao = z.object({ value: z.string(), label: z.string() });
