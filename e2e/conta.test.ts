import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicarAte } from './support/antd.ts';
import { OPERADOR, signIn } from './support/browser.ts';
import { e2eSuite, toast } from './support/setup.ts';

// A real local SMTP server receives what the app sends (SMTP_URL), as in production.
const inbox: { to: string; text: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (c) => (raw += c.toString()));
    stream.on('end', () => {
      inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') });
      done();
    });
  },
});
let smtpPort = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

// Account life cycle without a session (forgot password → e-mailed link → new password) and the
// signed-in user's own profile.
describe('conta e perfil', () => {
  const suite = e2eSuite({ config: () => ({ smtpUrl: `smtp://127.0.0.1:${smtpPort}` }) });

  it('link inválido de redefinição de senha é recusado antes do formulário', async () => {
    const { page } = await suite.open();
    await page.goto('/redefinir-senha/token-que-nao-existe');
    await page.getByText('Link inválido ou expirado').waitFor();
    await page.getByText('Token inválido ou expirado.').waitFor();
    expect(await page.getByLabel('Nova senha').count()).toBe(0);
  });

  it('esqueci a senha: recebe o link, define a nova senha e entra com ela', async () => {
    const { page } = await suite.open();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    // The page is loaded on demand: until it shows, 'Login' is still the sign-in form's field.
    await page.getByRole('heading', { name: 'Esqueci minha senha' }).waitFor();
    await page.getByLabel('Login').fill(OPERADOR);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText('Se o login estiver cadastrado, enviaremos um e-mail com as instruções.').waitFor();

    // The e-mail arrived at the SMTP server: follow the link the user would click.
    await expect.poll(() => inbox.filter((m) => m.to === OPERADOR).length).toBe(1);
    const mail = inbox.find((m) => m.to === OPERADOR);
    const link = mail?.text.match(/https?:\/\/\S+\/redefinir-senha\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link as string).pathname);

    await page.getByText('Olá, Olívia Operadora.', { exact: false }).waitFor();
    await page.getByLabel('Nova senha').fill('curta');
    await page.getByLabel('Confirmação da senha').fill('outra-coisa');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await page.getByText('Nova senha deve ter no mínimo 8 caracteres').waitFor();
    await page.getByText('As senhas não conferem.').waitFor();

    await page.getByLabel('Nova senha').fill('nova-senha-123');
    await page.getByLabel('Confirmação da senha').fill('nova-senha-123');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await page.getByText('Senha redefinida com sucesso.').waitFor();
    await page.getByRole('button', { name: 'Ir para o login' }).click();

    // The old password no longer works; the new one does.
    await page.getByLabel('Login').fill(OPERADOR);
    await page.getByLabel('Senha').fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Login ou senha inválidos.').waitFor();
    await signIn(page, OPERADOR, 'nova-senha-123');
    await page.getByRole('heading', { name: 'Olá, Olívia' }).waitFor();
  });

  it('Meu perfil altera o apelido e o cabeçalho mostra o novo', async () => {
    const { page } = await suite.open();
    await signIn(page, 'admin@demo.com.br');
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await clicarAte(page.getByRole('menuitem', { name: 'Meu perfil' }), () => page.getByRole('heading', { name: 'Meu perfil' }).isVisible());
    const apelido = page.getByLabel('Apelido');
    await expect.poll(() => apelido.inputValue()).toBe('Admin');
    await apelido.fill('Chefe');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Registro salvo com sucesso.').waitFor();
    await page.getByRole('button', { name: 'Menu do usuário' }).getByText('Chefe').waitFor();
  });
});
