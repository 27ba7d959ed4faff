import type { Locator, Page } from 'playwright-core';
import { clicarAte } from './antd.ts';

// The side menu opens only the area (group) of the current screen, so an entry of another area is not on
// the page until its area is opened: these helpers open it first, as a user would, then click the entry.

/** The side menu ("Menu principal"; not the user's menu nor a row's '⋯' menu). */
export const menuLateral = (page: Page) => page.getByRole('menu', { name: 'Menu principal' });

/** The entry of the side menu with exactly this label (icons aside), in whichever area it lives. */
export async function itemDoMenu(page: Page, nome: string): Promise<Locator> {
  const menu = menuLateral(page);
  await menu.waitFor();
  const entrada = (dentro: Locator) => dentro.getByRole('menuitem').filter({ has: page.getByText(nome, { exact: true }) });
  const noMenu = entrada(menu);
  if ((await noMenu.count()) && (await noMenu.first().isVisible())) return noMenu.first();
  // Areas whose entries are not rendered yet: open each (its title is a menuitem with aria-expanded) until
  // the entry shows; an area that does not hold it is closed again, leaving the menu as it was. Areas are
  // found by their label, not their position: the menu grows while the user's permissions load. A click
  // that lands while the menu re-renders can be lost, so the state is what is waited for (clicarAte).
  const titulos = menu.locator(':scope > li.ant-menu-submenu > .ant-menu-submenu-title');
  const nomes = (await titulos.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  for (const area of nomes) {
    const li = menu.locator(':scope > li.ant-menu-submenu').filter({ has: page.getByText(area, { exact: true }) });
    const titulo = li.locator(':scope > .ant-menu-submenu-title');
    const aberta = async () => (await titulo.getAttribute('aria-expanded')) === 'true';
    if (await aberta()) continue;
    await clicarAte(titulo, aberta);
    const alvo = entrada(li);
    if (await alvo.count()) {
      await alvo.first().waitFor({ state: 'visible' });
      return alvo.first();
    }
    await clicarAte(titulo, async () => !(await aberta()));
  }
  throw new Error(`Menu lateral sem a entrada '${nome}'.`);
}

/** Opens a screen through the side menu (its area opened first when closed). */
export async function abrirPeloMenu(page: Page, nome: string) {
  const item = await itemDoMenu(page, nome);
  // The area's opening animation moves the entry: clicked once it is stable (Playwright waits for that).
  await item.click();
}
