import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { TRANSICAO_INVALIDA, exigirTransicao, statusInput } from './acoes.ts';

// The state machines of packages/core decide before anything is written.
describe('exigirTransicao', () => {
  it('an allowed transition passes; staying in the same status passes', () => {
    expect(() => exigirTransicao('cotacaoFrete', 1, 2)).not.toThrow();
    expect(() => exigirTransicao('cotacaoFrete', 4, 4)).not.toThrow();
  });
  it('a forbidden one is 409 TRANSICAO_INVALIDA naming both statuses, on the status field', () => {
    const e = (() => {
      try {
        exigirTransicao('cotacaoFrete', 4, 2);
      } catch (err) {
        return err as AppError;
      }
    })();
    expect(e).toBeInstanceOf(AppError);
    expect(e?.status).toBe(409);
    expect(e?.replyCode).toBe(TRANSICAO_INVALIDA);
    expect(e?.message).toBe("Não é permitido mudar o status de 'Finalizada' para 'Aberta'.");
    expect(e?.errors).toEqual([{ field: 'status', message: e?.message }]);
  });
  it('the input accepts only the statuses of the set', () => {
    expect(statusInput('ordemColeta').safeParse({ status: 7 }).success).toBe(false);
    expect(statusInput('ordemColeta').parse({ status: 6, justificativa: '  ' })).toEqual({ status: 6, justificativa: null });
  });
});
