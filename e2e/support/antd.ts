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

/**
 * Confirms an open Popconfirm by its button and waits for the write it sends (`method` on a URL
 * containing `path`). A click that lands while the popover is still zooming in is lost: the button is
 * clicked again while the popover stays open and no answer has come.
 */
export async function confirmar(page: Page, botao: string, opts: { method: string; path: string }) {
  const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
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
