import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG, comRotulos } from '@fretio/core';
import { AppError, type FieldError } from '../lib/errors.ts';
import { pgErrorToAppError } from '../lib/pg-errors.ts';

// The one error handler: every failure leaves as {success:false, message, errorCode, code, errors?};
// a 5xx never carries internals (they go to the log only).
function fieldPath(path: PropertyKey[] | string | undefined): string {
  if (Array.isArray(path)) return path.map(String).join('.');
  return (path ?? '').toString().replace(/^[/.]/, '').replaceAll('/', '.');
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let appError: AppError;
    if (err instanceof AppError) appError = err;
    else if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: FieldError[] = err.validation.map((v) => ({
        field: fieldPath((v.params?.issue as { path?: PropertyKey[] } | undefined)?.path) || fieldPath(v.instancePath),
        message: v.message ?? MSG.parametrosInvalidos,
      }));
      appError = AppError.validation(errors);
    } else if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413) {
      appError = new AppError('PAYLOAD_TOO_LARGE');
    } else if (err.statusCode === 429) {
      appError = new AppError('RATE_LIMITED');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500 && !isResponseSerializationError(err)) {
      // Fastify's own 4xx (bad JSON, wrong content type, ...): the message is safe but in English.
      appError = new AppError('VALIDATION', MSG.parametrosInvalidos);
    } else {
      appError = pgErrorToAppError(err) ?? new AppError('INTERNAL');
    }
    if (appError.status >= 500) req.log.error({ err }, 'unhandled error');
    // Every message a user reads names fields by the screens' labels, never by their codes.
    const body: Record<string, unknown> = { success: false, message: comRotulos(appError.message), errorCode: appError.status, code: appError.replyCode };
    if (appError.errors?.length) body.errors = appError.errors.map((e) => ({ ...e, message: comRotulos(e.message) }));
    return reply.status(appError.status).send(body);
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply.status(404).send({ success: false, message: MSG.naoEncontrado, errorCode: 404, code: 'NOT_FOUND' });
    }
    return reply.callNotFound();
  });
});
