import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { cteXml } from '@fretio/core/fiscal/fixtures';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, entrar } from './support/browser.ts';
import { acaoDaLinha } from './support/antd.ts';
import { clicarEEsperar, e2eSuite } from './support/setup.ts';

// Fiscal documents in the browser: a ZIP of real NF-e (../shared/data/nfe) dropped in the import
// dialog, the task's progress to the end, the note's page, a CT-e citing it (imported too) and the
// original XML downloaded.
const AMOSTRAS = fileURLToPath(new URL('../../shared/data/nfe/', import.meta.url));
const NOTAS = [
  'nfelib__42211275277525000178550030000276771368212013-procNFe.xml',
  'sped-nfe__nfe_layout4_com_prot.xml',
  'nfelib__35180834128745000152550010000474281920007498-nfe.xml',
];
const CHAVE = '42211275277525000178550030000276771368212013';

async function importar(page: Page, arquivo: { name: string; mimeType: string; buffer: Buffer }, rota: string) {
  await page.getByRole('button', { name: 'Importar XML' }).click();
  const dialogo = page.getByRole('dialog');
  await dialogo.locator('input[type=file]').setInputFiles(arquivo);
  await dialogo.getByText(arquivo.name).waitFor();
  await clicarEEsperar(page, dialogo.getByRole('button', { name: /^Enviar/ }), { path: rota });
  // The bar and its counter follow the task to its end, then the summary and the per-file report.
  await dialogo.getByTestId('tarefa-concluida').waitFor();
  return dialogo;
}

describe('documentos fiscais', () => {
  const suite = e2eSuite();

  it('importa um ZIP de NF-e, exporta a lista, abre a nota e o CT-e que a cita, baixa o XML', async () => {
    if (!existsSync(AMOSTRAS)) throw new Error(`Amostras ausentes: ${AMOSTRAS}`);
    const zip = new JSZip();
    for (const n of NOTAS) zip.file(n, readFileSync(AMOSTRAS + n));
    const buffer = await zip.generateAsync({ type: 'nodebuffer' });
    const { page } = await suite.open();
    await entrar(page, ADMIN);

    await page.goto('/documentos/nfes');
    let dialogo = await importar(page, { name: 'notas.zip', mimeType: 'application/zip', buffer }, '/api/importar/documentos/import-nfe');
    await dialogo.getByText(`${NOTAS.length} de ${NOTAS.length}`, { exact: true }).waitFor();
    await expect.poll(() => dialogo.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    for (const n of NOTAS) await dialogo.getByRole('cell', { name: n }).waitFor();
    await dialogo.getByRole('button', { name: 'Fechar', exact: true }).last().click();

    // The list refreshed when the task ended.
    const linha = page.getByRole('row').filter({ hasText: 'Fornos Ltda.' });
    await linha.getByRole('cell', { name: '15/12/2021' }).waitFor();

    // Export of the listed notes: a task, then its file.
    await page.getByRole('button', { name: /Exportar$/ }).click();
    dialogo = page.getByRole('dialog');
    await clicarEEsperar(page, dialogo.getByRole('button', { name: 'Exportar', exact: true }), { path: '/documentos/export-nfes' });
    const arquivo = dialogo.getByRole('link', { name: /Baixar nfes\.xlsx/ });
    await arquivo.waitFor();
    const planilha = await page.request.get((await arquivo.getAttribute('href')) as string);
    expect(planilha.status()).toBe(200);
    expect((await planilha.body()).subarray(0, 2).toString()).toBe('PK');
    await dialogo.getByRole('button', { name: 'Fechar', exact: true }).last().click();
    await dialogo.waitFor({ state: 'detached' });

    // The note opens on its own page.
    await acaoDaLinha(page, linha, 'Abrir');
    await page.getByTestId('titulo-nfe').getByText('NF-e 27677 · série 3').waitFor();
    await page.getByTestId('nfe-emitente').getByText('Fornos Ltda.').waitFor();
    await page.getByTestId('nfe-destinatario').getByText('MARIA DE PEREIRA SILVA').waitFor();
    await page.getByTestId('nfe-transporte').getByText('TRANSVILLE TRANSP. E SERV. LTDA.').waitFor();
    const valores = page.getByTestId('nfe-valores');
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator (its innerText keeps the line breaks), not a DOM node
    await expect.poll(() => valores.innerText()).toMatch(/Valor total\W*R\$ 19\.606,03/);
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator (its innerText keeps the line breaks), not a DOM node
    expect(await valores.innerText()).toMatch(/Peso bruto\W*360 kg/);
    await page.getByRole('cell', { name: /FORNO LINHA ARTISTICA/ }).waitFor();
    await page.getByText('Nenhum CT-e importado cita esta NF-e.').waitFor();

    // The original XML, as the server keeps it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar XML' }).click()]);
    expect(download.suggestedFilename()).toBe(`${CHAVE}-nfe.xml`);
    expect(await readFile((await download.path()) as string, 'utf8')).toContain('<nNF>27677</nNF>');
    const resposta = await page.request.get(`${new URL(page.url()).pathname.replace('/documentos/nfes/', '/api/download/nfe/')}`);
    expect(resposta.status()).toBe(200);
    expect(resposta.headers()['content-type']).toContain('application/xml');
    const notaUrl = page.url();

    // A CT-e citing the note (a fixture of ours, not signed: its page warns about the signature).
    const cte = cteXml({ emitente: '60746948000112', numero: 777, nfes: [CHAVE] });
    await page.goto('/documentos/ctes');
    dialogo = await importar(page, { name: 'cte-777.xml', mimeType: 'application/xml', buffer: Buffer.from(cte.xml) }, '/api/importar/documentos/import-cte');
    await dialogo.getByRole('button', { name: 'Fechar', exact: true }).last().click();
    await page.goto(notaUrl);
    await page.getByTestId('nfe-ctes').getByRole('link', { name: 'CT-e 777' }).click();
    await page.getByTestId('titulo-cte').getByText('CT-e 777 · série 1').waitFor();
    await page.getByTestId('aviso-conferencia').getByText(/assinatura digital do XML não confere/).waitFor();
    await page.getByRole('cell', { name: 'PEDAGIO' }).waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator (its innerText keeps the line breaks), not a DOM node
    expect(await page.getByTestId('cte-icms').innerText()).toMatch(/Valor do ICMS\W*R\$ 18,00/);
    await page.getByTestId('cte-nfes').getByRole('link', { name: 'NF-e 27677' }).click();
    await page.getByTestId('titulo-nfe').getByText('NF-e 27677 · série 3').waitFor();
  });

  it('reprocessa os pesos dos CT-e: a tarefa relê o XML guardado e o relatório diz o que achou', async () => {
    const { page } = await suite.open();
    await entrar(page, ADMIN);
    await page.goto('/documentos/ctes');
    // A CT-e whose XML has only the real weight: read again, it has nothing to fill.
    const cte = cteXml({ emitente: '60746948000112', numero: 7781, infQ: [['01', 'PESO BRUTO', '150.0000']] });
    const importacao = await importar(page, { name: 'cte-7781.xml', mimeType: 'application/xml', buffer: Buffer.from(cte.xml) }, '/api/importar/documentos/import-cte');
    await importacao.getByRole('button', { name: 'Fechar', exact: true }).last().click();
    await page.getByRole('button', { name: 'Reprocessar pesos' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Reprocessar pesos dos CT-e' });
    await dialogo.getByRole('checkbox', { name: 'Re-auditar os CT-e cujos pesos mudarem' }).waitFor();
    await clicarEEsperar(page, dialogo.getByRole('button', { name: 'Iniciar' }), { path: '/documentos/ctes/reprocessar-pesos' });
    await dialogo.getByTestId('tarefa-concluida').waitFor();
    await dialogo.getByRole('row').filter({ hasText: 'CT-e 7781/1' }).getByText('O XML não traz peso cubado nem peso base de cálculo: nada a preencher.').waitFor();
  });
});
