import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// Driving antd widgets the way a user does, and waiting for the state that proves it worked: on a
// loaded machine a click can land while a dropdown is still opening or the page re-renders above it.

/** The `.ant-select` around a select's input (what the user reads as the chosen value). */
export const selectRoot = (campo: Locator) =>
  campo.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');

const matches = (text: string, opcao: string | RegExp) =>
  typeof opcao === 'string' ? text.includes(opcao) : opcao.test(text);

/** Chooses `opcao` in an antd Select (typing `busca` first in a searchable one: long lists are
 * virtual), in that select's own dropdown (found by the input's aria-controls), and waits until the
 * select shows it. A choice that did not take (dropdown closed by a re-render, click during the
 * opening animation) is tried again; Escape is never used (it would close the drawer around it). */
export async function escolher(page: Page, campo: Locator, opcao: string | RegExp, busca?: string) {
  const root = selectRoot(campo);
  const multiplo = (await root.getAttribute('class'))?.includes('ant-select-multiple') ?? false;
  const mostrado = async () => {
    if (multiplo) return (await root.locator('.ant-select-selection-item').allInnerTexts()).map((t) => t.trim());
    // biome-ignore lint/performance/useDomNodeTextContent: the select's rendered text, as the user reads it.
    return [(await root.innerText()).trim()];
  };
  const antes = (await mostrado()).join('|');
  // Taken when the select shows the option, or (a select that shows a shorter label, e.g. 'SP' for
  // 'SP - São Paulo') shows something new.
  const escolhido = async () => {
    const agora = await mostrado();
    return agora.some((t) => matches(t, opcao)) || (agora.join('|') !== antes && agora.some((t) => t !== ''));
  };
  for (let tentativa = 1; ; tentativa++) {
    // A slow first try may have taken after all (clicking again would unselect in a multiple select).
    if (tentativa > 1 && (await escolhido())) return;
    await campo.scrollIntoViewIfNeeded();
    try {
      // Already open (the test looked at the options first): a click would close it.
      if ((await campo.getAttribute('aria-expanded')) !== 'true') await campo.click();
      if (busca) await campo.fill(busca);
      // The listbox exists (and aria-controls names it) once the dropdown has opened.
      await expect.poll(() => campo.getAttribute('aria-controls'), { timeout: 10_000 }).toBeTruthy();
      const lista = await campo.getAttribute('aria-controls');
      const dropdown = page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .filter({ has: page.locator(`[id="${lista}"]`) });
      const item = dropdown.locator('.ant-select-item-option').filter({ hasText: opcao }).first();
      // First as a user clicks; on a retry the click event goes to the option itself: on a starved page
      // the virtual list can re-render between the hit test and the mouse events, and the click is lost.
      if (tentativa === 1) await item.click({ timeout: 10_000 });
      else await item.dispatchEvent('click', undefined, { timeout: 10_000 });
      await expect.poll(escolhido, { timeout: 10_000 }).toBe(true);
      return;
    } catch (e) {
      if (tentativa === 3) throw e;
    }
  }
}

/** Types a DD/MM/YYYY date into an antd DatePicker; leaving the field confirms it (Enter would submit the form). */
export async function preencherData(campo: Locator, valor: string) {
  await campo.click();
  await campo.fill(valor);
  await campo.press('Tab');
  await expect.poll(() => campo.inputValue()).toBe(valor);
}

/** The open confirmation: a Popconfirm (an action in the row) or a confirm modal (one in the '⋯' menu). */
export const confirmacao = (page: Page) => page.locator('.ant-popconfirm:not(.ant-popover-hidden), .ant-modal-confirm').last();

/**
 * Confirms an open Popconfirm (or confirm modal) by its button and waits for the write it sends (`method` on a URL
 * containing `path`). A click that lands while the popover is still zooming in is lost: the button is
 * clicked again while the popover stays open and no answer has come.
 */
export async function confirmar(page: Page, botao: string, opts: { method: string; path: string }) {
  const pop = confirmacao(page);
  let respondeu = false;
  const resposta = page
    .waitForResponse((r) => r.request().method() === opts.method && r.url().includes(opts.path))
    .then((r) => {
      respondeu = true;
      return r;
    });
  for (let tentativa = 1; ; tentativa++) {
    await pop.getByRole('button', { name: botao }).click();
    try {
      await expect.poll(async () => respondeu || !(await pop.isVisible()), { timeout: 10_000 }).toBe(true);
      break;
    } catch (e) {
      if (tentativa === 3) throw e;
    }
  }
  const res = await resposta;
  expect(res.status(), `${opts.method} ${res.url()}`).toBeLessThan(400);
  return res;
}

/**
 * Runs the row action `nome` of a list row: the row's primary action is a button (or link) of its own,
 * the others are in its '⋯' menu ("Mais ações"), opened first when the action is not in the row.
 */
export async function acaoDaLinha(page: Page, linha: Locator, nome: string | RegExp) {
  // Not exact: an icon's own name (e.g. "edit") comes before the label in the accessible name.
  const direta = linha.getByRole('button', { name: nome }).or(linha.getByRole('link', { name: nome }));
  // The row first (its actions render with it), then where the action is.
  await linha.first().waitFor();
  if (await direta.count()) {
    await direta.first().click();
    return;
  }
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  const item = menu.getByRole('menuitem', { name: nome }).or(menu.getByRole('button', { name: nome })).first();
  for (let tentativa = 1; ; tentativa++) {
    try {
      // Opened (again) while the item is not shown: a click on '⋯' during a closing animation can be lost too.
      if (!(await item.isVisible())) await linha.getByRole('button', { name: 'Mais ações' }).click();
      await item.waitFor({ state: 'visible', timeout: 10_000 });
      // Clicked only once the menu has stopped moving: during its opening animation the item slides under
      // the pointer and the click can land beside it, lost without an error.
      await expect.poll(() => parado(menu), { timeout: 10_000 }).toBe(true);
      await item.click({ timeout: 10_000 });
      // Every item closes the menu when it runs (links navigate, confirmations open a modal): a menu still
      // open with the item in it means the click was lost, and it is clicked again.
      await expect.poll(() => item.isVisible(), { timeout: 5_000 }).toBe(false);
      return;
    } catch (e) {
      if (tentativa === 3) throw e;
    }
  }
}

/** The open dropdown has finished its motion (no enter/appear/leave class, no running animation). */
async function parado(menu: Locator) {
  return menu
    .first()
    .evaluate(
      (el) =>
        !/-(enter|appear|leave)(-|\s|$)/.test(el.className) &&
        el.getAnimations({ subtree: true }).every((a) => a.playState !== 'running'),
    )
    .catch(() => false);
}

/** Runs row action `nome` until `feito()` says its effect is there (a dialog open, a status shown): a click
 * on a menu item during the menu's opening animation can be lost without an error, so the state is what
 * is waited for. The action must be harmless to repeat until then. */
export async function acaoDaLinhaAte(page: Page, linha: Locator, nome: string | RegExp, feito: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        if (!(await feito())) await acaoDaLinha(page, linha, nome);
        return feito();
      },
      { timeout: 90_000, interval: 1_500 },
    )
    .toBe(true);
}

/** Runs row action `nome` until `abre` (what it opens, e.g. its dialog) is visible. */
export const abrirPelaLinha = (page: Page, linha: Locator, nome: string | RegExp, abre: Locator) =>
  acaoDaLinhaAte(page, linha, nome, () => abre.isVisible());

/** The row's actions a user can reach (in the row and in its '⋯' menu), closing the menu again. */
export async function acoesDaLinha(page: Page, linha: Locator): Promise<string[]> {
  await linha.first().waitFor();
  const nomes = (await linha.locator('td:last-child').getByRole('button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  const mais = linha.getByRole('button', { name: 'Mais ações' });
  if (!(await mais.count())) return nomes;
  await mais.click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await menu.first().waitFor();
  const itens = (await menu.locator('[role=menuitem], button').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  // Closed again with Escape (a click on '⋯' during its opening animation may be lost).
  await expect
    .poll(
      async () => {
        if (await menu.count()) await page.keyboard.press('Escape');
        return menu.count();
      },
      { timeout: 10_000 },
    )
    .toBe(0);
  return [...nomes, ...itens];
}

/**
 * Answers the "Descartar as alterações?" prompt with `botao` and waits until it has closed. Like a
 * Popconfirm, a click that lands while the modal is still zooming in is lost on a loaded machine:
 * the button is clicked again while the prompt stays open.
 */
export async function responderDescarte(page: Page, botao: 'Descartar' | 'Continuar editando') {
  const prompt = page.locator('.ant-modal-confirm').filter({ hasText: 'Descartar as alterações?' }).last();
  await prompt.waitFor();
  for (let tentativa = 1; ; tentativa++) {
    await prompt.getByRole('button', { name: botao }).click();
    try {
      await expect.poll(() => prompt.isVisible(), { timeout: 10_000 }).toBe(false);
      return;
    } catch (e) {
      if (tentativa === 3) throw e;
    }
  }
}

/**
 * Clicks `alvo` until `feito()` holds (up to 3 clicks, each followed by 10 s of polling): for a button
 * in a menu or modal that may still be animating in, where a click that lands too early is lost.
 */
export async function clicarAte(alvo: Locator, feito: () => Promise<boolean>) {
  for (let tentativa = 1; ; tentativa++) {
    if (tentativa > 1 && (await feito())) return;
    await alvo.click();
    try {
      await expect.poll(feito, { timeout: 10_000 }).toBe(true);
      return;
    } catch (e) {
      if (tentativa === 3) throw e;
    }
  }
}
