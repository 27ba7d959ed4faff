import { MSG } from '@fretio/core';

// The one error type of the server: a code maps to an HTTP status and a pt-BR message.
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  VALIDATION: MSG.parametrosInvalidos,
  UNAUTHENTICATED: MSG.naoAutorizado,
  FORBIDDEN: MSG.semPermissao,
  NOT_FOUND: MSG.naoEncontrado,
  CONFLICT: MSG.registroDuplicado,
  PAYLOAD_TOO_LARGE: MSG.arquivoGrande,
  RATE_LIMITED: MSG.muitasRequisicoes,
  INTERNAL: MSG.erroInesperado,
};

/** A field's failure; a conflict with an existing record names it (`registro`) so the screen can open it. */
export type FieldError = { field: string; message: string; registro?: { uid: string; nome: string } };

export class AppError extends Error {
  readonly status: number;
  /**
   * @param code the kind of failure (decides the HTTP status)
   * @param reason a stable, more specific code for clients (e.g. TRANSICAO_INVALIDA); the reply's
   *   `code` is the reason when there is one, else the kind
   */
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: FieldError[],
    readonly reason?: string,
  ) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.status = ERROR_STATUS[code];
  }
  get replyCode(): string {
    return this.reason ?? this.code;
  }
  static validation(errors: FieldError[], message: string = MSG.parametrosInvalidos) {
    return new AppError('VALIDATION', message, errors);
  }
  static field(field: string, message: string) {
    return new AppError('VALIDATION', message, [{ field, message }]);
  }
  static notFound(message?: string) {
    return new AppError('NOT_FOUND', message);
  }
  static conflict(message: string, errors?: FieldError[], reason?: string) {
    return new AppError('CONFLICT', message, errors, reason);
  }
  static forbidden(message?: string, reason?: string) {
    return new AppError('FORBIDDEN', message, undefined, reason);
  }
  static unauthenticated(message?: string) {
    return new AppError('UNAUTHENTICATED', message);
  }
}
