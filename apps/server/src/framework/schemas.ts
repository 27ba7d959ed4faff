import { MSG, UID_REGEX, envelope, errorReply, listQueryBase, listaDe, z } from '@fretio/core';

// Route-schema pieces every module uses: uid params, envelopes, error replies.
export const zUidParam = z.string().regex(UID_REGEX, MSG.parametrosInvalidos);
export const uidParams = z.object({ uid: zUidParam });
export const childParams = z.object({ uid: zUidParam, childUid: zUidParam });

export const errorResponses = {
  400: errorReply.describe('Entrada inválida (erros por campo)'),
  401: errorReply.describe('Sem sessão ou token válido'),
  403: errorReply.describe('Sem permissão'),
  404: errorReply.describe('Não encontrado (ou de outro embarcador)'),
  409: errorReply.describe('Conflito'),
};

export const ok = <T extends z.ZodType>(data: T) => ({ 200: envelope(data), ...errorResponses });
export const created = <T extends z.ZodType>(data: T) => ({ 201: envelope(data), ...errorResponses });
export const okList = <T extends z.ZodType>(item: T) => ok(listaDe(item));
export const okEmpty = ok(z.null());

/** List query with the resource's declared filters documented; unknown ftr_ fields answer 400. */
export function listQuerySchema(filterNames: string[], rangeNames: string[], extra: z.ZodRawShape = {}) {
  const shape: Record<string, z.ZodType> = { ...(extra as Record<string, z.ZodType>) };
  for (const f of filterNames) shape[`ftr_${f}`] = z.string().optional();
  for (const f of rangeNames) {
    shape[`ftr_${f}De`] = z.string().optional();
    shape[`ftr_${f}Ate`] = z.string().optional();
  }
  return listQueryBase.extend(shape).loose();
}

export const reply = {
  ok: <T>(data: T, message: string = MSG.sucesso) => ({ success: true as const, message, data }),
  saved: <T>(data: T) => ({ success: true as const, message: MSG.salvoComSucesso, data }),
  deleted: () => ({ success: true as const, message: MSG.excluidoComSucesso, data: null }),
};
