import { describe, expect, it } from 'vitest';
import { comRetentativa, conflitoTransitorio, pgErrorToAppError } from './pg-errors.ts';

const pgErro = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
// Drizzle wraps the driver's error: the code is found on the cause.
const embrulhado = (code: string) => Object.assign(new Error('Failed query'), { cause: pgErro(code) });

describe('erros transitórios do PostgreSQL', () => {
  it('deadlock e falha de serialização são transitórios; duplicado não', () => {
    expect(conflitoTransitorio(embrulhado('40P01'))).toBe(true);
    expect(conflitoTransitorio(pgErro('40001'))).toBe(true);
    expect(conflitoTransitorio(pgErro('23505'))).toBe(false);
    expect(conflitoTransitorio(new Error('x'))).toBe(false);
  });

  it('um deadlock que chega ao usuário é 409 com mensagem pt-BR, não 500', () => {
    const e = pgErrorToAppError(embrulhado('40P01'));
    expect(e).toMatchObject({ status: 409, message: 'Outra operação alterou estes dados ao mesmo tempo. Tente novamente.' });
  });

  it('refaz a transação desfeita por deadlock e devolve o resultado; outro erro passa na primeira vez', async () => {
    let n = 0;
    expect(await comRetentativa(async () => (++n < 3 ? Promise.reject(embrulhado('40P01')) : 'ok'))).toBe('ok');
    expect(n).toBe(3);
    let m = 0;
    await expect(comRetentativa(async () => { m++; throw pgErro('23505'); })).rejects.toThrow('pg 23505');
    expect(m).toBe(1);
    let k = 0;
    await expect(comRetentativa(async () => { k++; throw pgErro('40001'); }, 4)).rejects.toThrow('pg 40001');
    expect(k).toBe(4);
  });
});
