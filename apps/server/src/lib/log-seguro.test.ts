import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { erroSeguro, mascararDigitos, serializadoresLog } from './log-seguro.ts';

// The log never holds a row's values: no CPF/CNPJ, no query parameters, no PostgreSQL `detail`.
describe('log-seguro', () => {
  it('masks CPF, CNPJ (with or without punctuation) and long digit runs', () => {
    expect(mascararDigitos('cpf 12345678909 e 123.456.789-09; cnpj 11.222.333/0001-81 ok 2024')).toBe(
      'cpf *********09 e ************09; cnpj ****************81 ok 2024',
    );
  });

  it("a request line keeps method, masked URL and host, never the client's address", () => {
    const linha = (serializadoresLog.req as unknown as (r: unknown) => Record<string, unknown>)({
      method: 'GET',
      url: '/api/v1/pessoas?ftr_documento=12345678909',
      hostname: 'fretio.local',
      ip: '200.10.20.30',
      socket: { remotePort: 51234 },
    });
    expect(linha).toEqual({ method: 'GET', url: '/api/v1/pessoas?ftr_documento=*********09', host: 'fretio.local' });
  });

  it('a Drizzle query error keeps class, SQL state and constraint; drops SQL, params and detail', () => {
    const pg = Object.assign(new Error('duplicate key value violates unique constraint "pessoas_documento_uq"'), {
      code: '23505',
      constraint: 'pessoas_documento_uq',
      detail: 'Key (embarcador_uid, documento)=(x, 12345678909) already exists.',
    });
    class DrizzleQueryError extends Error {
      query = 'insert into pessoas (documento) values ($1)';
      params = ['12345678909'];
    }
    const e = new DrizzleQueryError('Failed query: insert into pessoas (documento) values ($1)\nparams: 12345678909', { cause: pg });
    const s = erroSeguro(e);
    const texto = JSON.stringify(s);
    expect(texto).not.toContain('12345678909');
    expect(texto).not.toMatch(/params|detail|insert into/);
    expect(s).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '23505', constraint: 'pessoas_documento_uq' } });
  });

  it('through pino with the serializers, as Fastify logs', () => {
    const linhas: string[] = [];
    const destino = new Writable({
      write(c, _e, cb) {
        linhas.push(String(c));
        cb();
      },
    });
    const log = pino({ serializers: serializadoresLog }, destino);
    log.error({ err: Object.assign(new Error('falhou 98765432100'), { params: ['98765432100'] }) }, 'unhandled error');
    expect(linhas.join('')).not.toContain('98765432100');
  });
});
