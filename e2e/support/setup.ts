import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { browserDoWorker, newPage } from './browser.ts';
import { type TestServer, startServer } from './server.ts';

// Per test file: one app on a fresh database; the worker's Chromium (browser.ts); per test: fresh contexts
// (no cookies).
// A failed test leaves a screenshot of every page it opened in test-results/ (CI prints the path).
export function e2eSuite(opts: { config?: () => Partial<import('../../apps/server/src/config.ts').Config> } = {}) {
  const s = {} as { server: TestServer; browser: Browser };
  const contexts: BrowserContext[] = [];
  // Every page runs under the server's Content-Security-Policy: anything it refuses (an inline script, a
  // style or image from elsewhere) is a fault of the screen, so it fails the test that showed it.
  const violacoesCsp: string[] = [];
  beforeAll(async () => {
    s.server = await startServer(opts.config?.());
    s.browser = await browserDoWorker();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshots(contexts, task.name);
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    const violacoes = violacoesCsp.splice(0);
    if (violacoes.length) throw new Error(`a página violou a Content-Security-Policy:\n${violacoes.join('\n')}`);
  });
  afterAll(async () => {
    // The browser stays for the worker's next file; only this file's contexts go.
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await s.server?.stop();
  });
  return {
    get server() {
      return s.server;
    },
    /** The CSP refusals seen so far, taken out of the check that fails the test: for the test of the policy itself. */
    tirarViolacoesCsp(): string[] {
      return violacoesCsp.splice(0);
    },
    /** A new browser context (no cookies) and page; width defaults to a desktop window. */
    async open(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
      const r = await newPage(s.browser, s.server.baseUrl, width);
      await r.context.addInitScript(recordToasts);
      r.context.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violacoesCsp.push(m.text());
      });
      contexts.push(r.context);
      return r;
    },
  };
}

async function screenshots(contexts: BrowserContext[], name: string) {
  const dir = join('test-results', name.replace(/[^\w-]+/g, '_').slice(0, 80));
  await mkdir(dir, { recursive: true });
  let n = 0;
  for (const c of contexts) {
    for (const p of c.pages()) {
      const file = join(dir, `pagina-${++n}.png`);
      await p.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(`e2e: captura da tela em ${file} (${p.url()})`);
    }
  }
}

const TOASTS_KEY = 'e2e:toasts';

/** Runs in every page before its scripts: keeps the text of every antd toast ever shown, so a test
 * can check a toast that already closed (they close after 2.5 s, which a loaded machine can outlast).
 * Kept in sessionStorage: a toast shown just before a full navigation (sign-out) still counts. */
function recordToasts() {
  const key = 'e2e:toasts';
  const seen = new WeakSet<Element>();
  const scan = () => {
    for (const el of Array.from(document.querySelectorAll('.ant-message-notice'))) {
      const text = el.textContent?.trim();
      if (!text || seen.has(el)) continue;
      seen.add(el);
      const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      list.push(text);
      sessionStorage.setItem(key, JSON.stringify(list));
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

/** A toast with `text` (exact or contained). `waitFor()` consumes one occurrence: two saves in a row
 * need two toasts. Toasts are recorded when shown, so a toast already closed still counts. */
export const toast = (page: Page, text: string) => ({
  async waitFor() {
    await expect
      .poll(
        () =>
          page
            .evaluate(
              ([t, key]) => {
                const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
                const i = list.findIndex((s) => s.includes(t));
                if (i < 0) return false;
                list.splice(i, 1);
                sessionStorage.setItem(key, JSON.stringify(list));
                return true;
              },
              [text, TOASTS_KEY] as const,
            )
            // A page in the middle of navigating has no document to ask yet.
            .catch(() => false),
        { timeout: 30_000, message: `toast "${text}"` },
      )
      .toBe(true);
  },
});

/** Clicks `target` and waits for the API answer of the write it triggers (`method` on a URL containing
 * `path`); fails on an error status unless `status` says which one is expected. */
export async function clicarEEsperar(
  page: Page,
  target: { click(): Promise<void> },
  opts: { method?: string; path: string | RegExp; status?: number },
): Promise<Response> {
  const method = opts.method ?? 'POST';
  const [res] = await Promise.all([
    page.waitForResponse(
      (r) =>
        r.request().method() === method &&
        (typeof opts.path === 'string' ? r.url().includes(opts.path) : opts.path.test(r.url())),
    ),
    target.click(),
  ]);
  if (opts.status !== undefined) expect(res.status()).toBe(opts.status);
  else expect(res.status(), `${method} ${res.url()}`).toBeLessThan(400);
  return res;
}
