import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../src/db/seed/demo.ts';
import { type TestApp, createTestApp } from './support/db.ts';
import { api } from './support/http.ts';
import { rows } from './support/state.ts';

// Reset links are credentials (issue 7, fault 5): without SMTP_URL the production log never prints
// them, and starting a reset does the same work whether the login exists or not.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { production: true, smtpUrl: undefined } });
});
afterAll(() => t?.close());

const ultimoTexto = async (para: string) =>
  (await rows<{ texto: string }>(t.db, sql`select texto from email_outbox where para = ${para} order by criado_em desc limit 1`))[0]?.texto;

describe('the production log without SMTP_URL', () => {
  it('names the e-mail but carries neither the reset link nor its token', async () => {
    const info = vi.spyOn(t.app.log, 'info');
    expect((await api(t.app).post(`/api/v1/auth/startresetpassword/${DEMO.operador.login}`)).status).toBe(200);
    // The mailer logs right after the outbox row is saved: wait for both, the row first.
    const texto = await vi.waitFor(async () => {
      const x = await ultimoTexto(DEMO.operador.login);
      if (!x) throw new Error('ainda não está na caixa de saída');
      if (!info.mock.calls.some((c) => JSON.stringify(c).includes(DEMO.operador.login))) throw new Error('o log ainda não nomeia o destinatário');
      return x;
    });
    const token = texto.match(/redefinir-senha\/([A-Za-z0-9_-]{20,})/)?.[1] as string;
    expect(token).toBeTruthy();
    const linhas = info.mock.calls.map((c) => JSON.stringify(c));
    for (const l of linhas) {
      expect(l).not.toContain(token);
      expect(l).not.toContain('redefinir-senha/');
    }
    info.mockRestore();
  });
});

describe('starting a reset', () => {
  it('runs the same statement for a known and an unknown login, and answers without waiting for the e-mail', async () => {
    const execute = vi.spyOn(t.app.db, 'execute');
    // An e-mail that never leaves: the answer must not wait for it.
    let liberar = () => {};
    const preso = new Promise<{ uid: string; enviado: boolean }>((resolve) => {
      liberar = () => resolve({ uid: '', enviado: false });
    });
    const enviar = vi.spyOn(t.app.mailer, 'enviar').mockImplementation(() => preso);
    const conhecido = await api(t.app).post(`/api/v1/auth/startresetpassword/${DEMO.admin.login}`);
    const chamadasConhecido = execute.mock.calls.length;
    execute.mockClear();
    const desconhecido = await api(t.app).post('/api/v1/auth/startresetpassword/ninguem@demo.com.br');
    expect(chamadasConhecido).toBeGreaterThan(0);
    expect(execute.mock.calls.length).toBe(chamadasConhecido);
    expect(conhecido.status).toBe(200);
    expect(desconhecido.body).toEqual(conhecido.body);
    expect(enviar).toHaveBeenCalledTimes(1);
    liberar();
    execute.mockRestore();
    enviar.mockRestore();
  });
});
