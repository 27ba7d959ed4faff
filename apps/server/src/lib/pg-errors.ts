import { MSG } from '@fretio/core';
import { AppError } from './errors.ts';

// Constraint names → the field a user should fix. Modules register theirs at import time.
const UNIQUE_FIELDS = new Map<string, { field: string; message: string }>();
export function registerUniqueConstraint(constraint: string, field: string, message: string) {
  UNIQUE_FIELDS.set(constraint, { field, message });
}

type PgLikeError = { code?: string; constraint?: string; message?: string; cause?: unknown };

function pgCause(err: unknown): PgLikeError | null {
  let e = err as PgLikeError | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause as PgLikeError | undefined;
  }
  return null;
}

/** A deadlock or serialization failure: the transaction was rolled back whole, so running it again is safe. */
export function conflitoTransitorio(err: unknown): boolean {
  const code = pgCause(err)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * Runs a whole transaction again when PostgreSQL rolled it back for a deadlock or a serialization failure
 * (two concurrent writers; nothing of the failed attempt stayed). Other errors and the last attempt's pass through.
 */
export async function comRetentativa<T>(executar: () => Promise<T>, tentativas = 4): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await executar();
    } catch (err) {
      if (n >= tentativas || !conflitoTransitorio(err)) throw err;
      // A short random pause so the two writers do not collide again in step.
      await new Promise((r) => setTimeout(r, Math.random() * 20 * n));
    }
  }
}

/** Maps PostgreSQL errors a user can cause (duplicates, records in use) to 409; null otherwise. */
export function pgErrorToAppError(err: unknown): AppError | null {
  const pg = pgCause(err);
  if (!pg) return null;
  if (pg.code === '23505') {
    const known = pg.constraint ? UNIQUE_FIELDS.get(pg.constraint) : undefined;
    return AppError.conflict(known?.message ?? MSG.registroDuplicado, known ? [known] : undefined, 'DUPLICADO');
  }
  // A deadlock or serialization failure a request could not get past: the user may simply retry (not a 500).
  if (pg.code === '40P01' || pg.code === '40001') return AppError.conflict(MSG.operacaoSimultanea, undefined, 'OPERACAO_SIMULTANEA');
  if (pg.code === '23503') {
    // Deleting a referenced row is "in use"; inserting a dangling reference is bad input.
    if (/update or delete/i.test(pg.message ?? '')) return AppError.conflict(MSG.registroEmUso, undefined, 'EM_USO');
    return AppError.validation([], 'Registro relacionado não encontrado.');
  }
  // Malformed values a user can send (bad text representation, out of range, too long, NUL bytes).
  if (pg.code === '22P02' || pg.code === '22003' || pg.code === '22001' || pg.code === '22021' || pg.code === '22007' || pg.code === '22008') return AppError.validation([], MSG.parametrosInvalidos);
  return null;
}
