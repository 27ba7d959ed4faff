import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { api, as, signIn } from '../../../test/support/http.ts';

// Account life cycle through a real local SMTP server: the e-mail really goes out and carries the link.
type Mail = { to: string; text: string };
let t: TestApp;
let smtp: SMTPServer;
const inbox: Mail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c) => (raw += c.toString()));
      stream.on('end', () => {
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as { port: number }).port;
  t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const linkToken = (mail: Mail, path: string) => mail.text.match(new RegExp(`/${path}/([A-Za-z0-9_-]{20,})`))?.[1] as string;

describe('password reset', () => {
  it('e-mails a single-use link that sets a new password', async () => {
    const anon = api(t.app);
    const start = await anon.post('/api/v1/auth/startresetpassword/operador@demo.com.br');
    expect(start.status).toBe(200);
    // The e-mail leaves after the answer (the answer must not reveal whether the login exists).
    const mail = await vi.waitFor(() => {
      const m = inbox.find((x) => x.to === 'operador@demo.com.br');
      if (!m) throw new Error('o e-mail ainda não chegou');
      return m;
    }, { timeout: 10_000 });
    const token = linkToken(mail, 'redefinir-senha');
    expect(token).toBeTruthy();

    const valid = await anon.post(`/api/v1/auth/validatetoken/${token}`);
    expect(valid.body.data).toMatchObject({ valido: true, tipo: 'reset', login: 'operador@demo.com.br' });
    const curta = await anon.post(`/api/v1/auth/resetpassword/${token}`, { senha: 'curta' });
    expect(curta.body).toMatchObject({ errorCode: 400, errors: [{ field: 'senha' }] });
    const reset = await anon.post(`/api/v1/auth/resetpassword/${token}`, { senha: 'nova-senha-123' });
    expect(reset.status).toBe(200);
    await expect(signIn(t.app, 'operador@demo.com.br', 'demo1234')).rejects.toThrow();
    expect(await signIn(t.app, 'operador@demo.com.br', 'nova-senha-123')).toContain('session-token');
    // Single use.
    const again = await anon.post(`/api/v1/auth/resetpassword/${token}`, { senha: 'outra-senha-123' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Token inválido ou expirado.');
  });

  it('answers the same for an unknown login and sends nothing', async () => {
    const before = inbox.length;
    const r = await api(t.app).post('/api/v1/auth/startresetpassword/ninguem@exemplo.com.br');
    expect(r.status).toBe(200);
    expect(inbox.length).toBe(before);
  });

  it('rejects a made-up token', async () => {
    const r = await api(t.app).post(`/api/v1/auth/validatetoken/${'x'.repeat(43)}`);
    expect(r.status).toBe(400);
  });
});

describe('activation', () => {
  it('a new user of the shipper gets an activation e-mail and signs in after activating', async () => {
    const admin = await as(t.app, 'admin@demo.com.br');
    const perfil = (await admin.get('/api/v1/perfil')).body.data;
    const papeis = await t.db.query.papeis.findMany();
    const operador = papeis.find((p) => p.nome === 'Operador' && p.embarcadorUid === perfil.embarcadorAtivo.uid);
    const created = await admin.post(`/api/v1/embarcadores/${perfil.embarcadorAtivo.uid}/usuarios`, {
      nome: 'carla mendes', login: 'Carla@Demo.com.br', papelUid: operador?.uid,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ nome: 'Carla Mendes', login: 'carla@demo.com.br', statusUsuario: 1, papelNome: 'Operador' });
    expect(created.body.message).toBe('Usuário incluído. O e-mail de ativação foi enviado para carla@demo.com.br.');
    await expect(signIn(t.app, 'carla@demo.com.br', 'qualquer-coisa')).rejects.toThrow();

    const mail = inbox.find((m) => m.to === 'carla@demo.com.br') as Mail;
    const token = linkToken(mail, 'ativar');
    expect((await api(t.app).post(`/api/v1/auth/active/${token}`, { senha: 'senha-da-carla' })).status).toBe(200);
    const carla = api(t.app, await signIn(t.app, 'carla@demo.com.br', 'senha-da-carla'));
    expect((await carla.get('/api/v1/perfil')).body.data.statusUsuario).toBe(2);

    // The administrator's re-send only applies to pending users.
    const resend = await admin.post(`/api/v1/usuarios/startrevalidacao/${created.body.data.uid}`);
    expect(resend.status).toBe(409);

    // A login that already has an account only gains the membership, and the reply says no e-mail went out.
    const antes = inbox.length;
    const outro = await as(t.app, 'admin@outro.com.br');
    const perfilOutro = (await outro.get('/api/v1/perfil')).body.data;
    const papelOutro = (await t.db.query.papeis.findMany()).find((p) => p.embarcadorUid === perfilOutro.embarcadorAtivo.uid);
    const membro = await outro.post(`/api/v1/embarcadores/${perfilOutro.embarcadorAtivo.uid}/usuarios`, { nome: 'Carla Mendes', login: 'carla@demo.com.br', papelUid: papelOutro?.uid });
    expect(membro.status).toBe(201);
    expect(membro.body.message).toMatch(/já tinha conta no Fretio.*nenhum e-mail enviado/);
    expect(inbox.length).toBe(antes);
  });
});
