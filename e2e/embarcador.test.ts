import { X509Certificate } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, OPERADOR, entrar } from './support/browser.ts';
import { abrirPeloMenu } from './support/menu.ts';
import { acaoDaLinha, acoesDaLinha, confirmacao, confirmar, responderDescarte } from './support/antd.ts';
import { e2eSuite, toast } from './support/setup.ts';

// The shipper's own area ("Meu embarcador") and its carriers: linking an existing carrier found by
// CNPJ instead of creating it again, unlinking, approving a carrier's pre-user (only with
// transportadores:aprovar) and the digital certificate upload with the messages of spec §8.
const OUTRO = 'admin@outro.com.br';
const RAPIDO_SUL = { nome: 'Rápido Sul Transportes Ltda', cnpj: '60746948000112', mascarado: '60.746.948/0001-12' };
const drawer = (page: Page) => page.getByRole('dialog');
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** A PKCS#12 (A1) certificate made by openssl, as the server's own tests do. */
const dir = mkdtempSync(join(tmpdir(), 'fretio-a1-'));
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    join(dir, 'k.pem'),
    '-out',
    join(dir, 'c.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Demo Alimentos',
  ],
  { stdio: 'ignore' },
);
execFileSync(
  'openssl',
  [
    'pkcs12',
    '-export',
    '-inkey',
    join(dir, 'k.pem'),
    '-in',
    join(dir, 'c.pem'),
    '-out',
    join(dir, 'a1.pfx'),
    '-passout',
    'pass:segredo123',
  ],
  { stdio: 'ignore' },
);
const PFX = { name: 'a1.pfx', mimeType: 'application/x-pkcs12', buffer: readFileSync(join(dir, 'a1.pfx')) };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('meu embarcador e transportadores', () => {
  const suite = e2eSuite();

  it('um CNPJ já cadastrado é vinculado ao embarcador em vez de criado; depois é desvinculado', async () => {
    const { page } = await suite.open();
    await entrar(page, OUTRO);
    await abrirPeloMenu(page, 'Transportadores');
    await page.getByRole('heading', { name: 'Transportadores', exact: true }).waitFor();
    await row(page, 'TransMinas').waitFor();
    expect(await row(page, RAPIDO_SUL.nome).count()).toBe(0);

    await page.getByRole('button', { name: 'Novo' }).click();
    const cnpj = drawer(page).getByLabel('CNPJ');
    await cnpj.fill(RAPIDO_SUL.cnpj);
    expect(await cnpj.inputValue()).toBe(RAPIDO_SUL.mascarado);
    await drawer(page).getByText(`${RAPIDO_SUL.nome} (${RAPIDO_SUL.mascarado}) já está cadastrado no Fretio.`).waitFor();
    await drawer(page).getByRole('button', { name: 'Vincular ao embarcador' }).click();
    await toast(page, `Transportador vinculado ao embarcador ativo: ${RAPIDO_SUL.nome}`).waitFor();
    await drawer(page).waitFor({ state: 'hidden' });
    await row(page, RAPIDO_SUL.nome).getByText(RAPIDO_SUL.mascarado).waitFor();

    // Typed again, the CNPJ is now known as linked: nothing to create or link.
    await page.getByRole('button', { name: 'Novo' }).click();
    await drawer(page).getByLabel('CNPJ').fill(RAPIDO_SUL.cnpj);
    await drawer(page).getByText('já está cadastrado e vinculado a este embarcador').waitFor();
    expect(await drawer(page).getByRole('button', { name: 'Vincular ao embarcador' }).count()).toBe(0);
    // Something was typed: Cancel asks before discarding it.
    await drawer(page).getByRole('button', { name: 'Cancelar' }).click();
    await responderDescarte(page, 'Descartar');
    await page.locator('.ant-drawer-content').waitFor({ state: 'hidden' });

    // Unlinked from "Meu embarcador", it leaves the carriers list too.
    await abrirPeloMenu(page, 'Meu embarcador');
    await page.getByRole('tab', { name: 'Transportadores' }).click();
    await page.getByRole('heading', { name: 'Transportadores vinculados' }).waitFor();
    await acaoDaLinha(page, row(page, RAPIDO_SUL.nome), 'Desvincular');
    await confirmacao(page).getByText(`Desvincular o transportador "${RAPIDO_SUL.nome}" deste embarcador?`).last().waitFor();
    await confirmar(page, 'Desvincular', { method: 'DELETE', path: '/transportadores/' });
    await toast(page, 'Transportador desvinculado do embarcador.').waitFor();
    await row(page, RAPIDO_SUL.nome).waitFor({ state: 'detached' });
    await abrirPeloMenu(page, 'Transportadores');
    await row(page, 'TransMinas').waitFor();
    // The cached page may show first; the refetch (the link was invalidated) drops the carrier.
    await row(page, RAPIDO_SUL.nome).waitFor({ state: 'detached' });
  });

  it('pré-usuário de transportador: operador só consulta; admin aprova', async () => {
    const operador = await suite.open();
    await entrar(operador.page, OPERADOR);
    await operador.page.goto('/meu-embarcador/pre-usuarios');
    await row(operador.page, 'Marta da TransMinas').getByText('Pendente', { exact: true }).waitFor();
    expect(await operador.page.getByRole('button', { name: 'Aprovar' }).count()).toBe(0);
    expect(await operador.page.getByRole('button', { name: 'Recusar' }).count()).toBe(0);

    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await page.goto('/meu-embarcador/pre-usuarios');
    const marta = row(page, 'Marta da TransMinas');
    await marta.getByText('Pendente', { exact: true }).waitFor();
    expect(await acoesDaLinha(page, marta)).toEqual(expect.arrayContaining(['Aprovar', 'Recusar']));
    await acaoDaLinha(page, marta, 'Aprovar');
    await confirmacao(page).getByText('Aprovar o acesso de "Marta da TransMinas" (TransMinas Cargas S.A.)?').last().waitFor();
    await confirmar(page, 'Aprovar', { method: 'PUT', path: '/pre-usuarios-transportador/' });
    await toast(page, 'Acesso de Marta da TransMinas aprovado.').waitFor();
    await marta.getByText('Ativo', { exact: true }).waitFor();
    expect(await acoesDaLinha(page, marta)).not.toEqual(expect.arrayContaining(['Aprovar']));
    expect(await acoesDaLinha(page, marta)).not.toEqual(expect.arrayContaining(['Recusar']));

    // Approved, she is a user of the shipper.
    await page.getByRole('tab', { name: 'Usuários', exact: true }).click();
    await row(page, 'cadastro@transminas.com.br').getByText('Ativo', { exact: true }).waitFor();
  });

  it('certificado digital: validações, erro do servidor, erro de rede e envio com sucesso', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await abrirPeloMenu(page, 'Meu embarcador');
    const situacao = page.getByTestId('certificado-situacao');
    await situacao.getByText('Não enviado').waitFor();
    const enviar = page.getByRole('button', { name: 'Enviar certificado' });
    const erros = page.locator('.ant-form-item-explain-error');

    await enviar.click();
    await erros.filter({ hasText: 'Arquivo não foi fornecido' }).waitFor();
    await erros.filter({ hasText: 'Senha do certificado é obrigatória' }).waitFor();
    // The expiry defaults to 31/12/2025.
    expect(await page.getByLabel('Expiração').inputValue()).toBe('31/12/2025');

    await page.locator('input[type=file][accept=".pfx,.p12"]').setInputFiles(PFX);
    await page.getByLabel('Senha do certificado').fill('senha-errada');
    await enviar.click();
    await toast(page, 'Certificado inválido ou senha incorreta.').waitFor();

    // The network fails: the spec's message.
    await page.route('**/api/v1/embarcadores/certificado-digital-sefaz', (r) => r.abort('failed'));
    await page.getByLabel('Senha do certificado').fill('segredo123');
    await enviar.click();
    await toast(page, 'Erro de rede ao enviar certificado').waitFor();
    await page.unroute('**/api/v1/embarcadores/certificado-digital-sefaz');

    // The server keeps the certificate's own expiry, whatever date the form sends.
    await page.getByLabel('Expiração').click();
    await page.getByLabel('Expiração').fill('30/06/2027');
    await page.getByLabel('Expiração').press('Enter');
    await enviar.click();
    await toast(page, 'Certificado digital atualizado com sucesso').waitFor();
    const iso = new Date(new X509Certificate(readFileSync(join(dir, 'c.pem'))).validTo).toISOString().slice(0, 10);
    const br = iso.split('-').reverse().join('/');
    await situacao.getByText(`Válido até ${br}`).waitFor();
    const api = await (await page.request.get('/api/v1/perfil')).json();
    const cert = await (await page.request.get(`/api/v1/embarcadores/${api.data.embarcadorAtivo.uid}/certificado-digital-sefaz`)).json();
    expect(cert.data.expiracaoCertificadoDigitalSefaz).toBe(iso);

    await page.reload();
    await page.getByTestId('certificado-situacao').getByText(`Válido até ${br}`).waitFor();
  });
});
