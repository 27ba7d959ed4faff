import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ baseURL: 'http://localhost:3000', viewport: { width: 1400, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
const page = await ctx.newPage();
page.setDefaultTimeout(15000);
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('CONSOLE', m.type(), m.text().slice(0, 300)); });
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
const login = process.env.LOGIN ?? 'admin@demo.com.br';
await page.goto('/login');
await page.getByLabel('Login').fill(login);
await page.getByLabel('Senha').fill('demo1234');
await page.getByRole('button', { name: 'Entrar' }).click();
await page.getByRole('button', { name: 'Menu do usuário' }).waitFor();
const shot = (n) => page.screenshot({ path: `/tmp/w8shots/${n}.png`, fullPage: true });
const mod = await import(process.argv[2]);
try { await mod.default(page, shot); } catch (e) { console.log('ERR', e.message); await shot('erro'); }
await browser.close();
