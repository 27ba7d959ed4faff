import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launch, newPage } from './browser.ts';
import { type TestServer, startServer } from './server.ts';

// Per test file: one app on a fresh database and one browser; per test: fresh contexts (no cookies).
export function e2eSuite(opts: { config?: () => Partial<import('../../apps/server/src/config.ts').Config> } = {}) {
  const s = {} as { server: TestServer; browser: Browser };
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    s.server = await startServer(opts.config?.());
    s.browser = await launch();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.server?.stop();
  });
  return {
    get server() {
      return s.server;
    },
    /** A new browser context (no cookies) and page; width defaults to a desktop window. */
    async open(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
      const r = await newPage(s.browser, s.server.baseUrl, width);
      contexts.push(r.context);
      return r;
    },
  };
}

/** Antd toasts (message) currently shown. */
export const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
