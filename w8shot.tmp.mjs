import { chromium } from 'playwright-core';
const [,, login = 'admin@demo.com.br', ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ baseURL: 'http://localhost:3000', viewport: { width: 1400, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
const page = await ctx.newPage();
page.setDefaultTimeout(15000);
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('CONSOLE', m.type(), m.text().slice(0, 300)); });
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
await page.goto('/login');
await page.getByLabel('Login').fill(login);
await page.getByLabel('Senha').fill('demo1234');
await page.getByRole('button', { name: 'Entrar' }).click();
await page.getByRole('button', { name: 'Menu do usuário' }).waitFor();
for (const p of paths) {
  await page.goto(p);
  await page.waitForTimeout(1500);
  const name = p.replace(/[^a-z0-9]+/gi, '_');
  await page.screenshot({ path: `/tmp/w8shots/${name}.png`, fullPage: true });
  console.log('shot', p);
}
await browser.close();
