import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

// Dev: the API runs apart (apps/server on :3000, or API_URL) and is proxied, so cookies stay same-origin.
// Build: apps/web/dist, which the server serves in production.
const API_URL = process.env.API_URL ?? 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRIMIVEL = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes `x.br` and `x.gz` beside every text file of the build, which the server sends as they are
 * (@fastify/static `preCompressed`): compressed once here at the strongest level rather than on every
 * request. Files under 1 KB, or that would not shrink, stay plain only.
 */
export function precomprimir(): Plugin {
  return {
    name: 'fretio-precomprimir',
    apply: 'build',
    async writeBundle(opts, bundle) {
      const outDir = opts.dir as string;
      const arquivos = Object.keys(bundle).filter((f) => COMPRIMIVEL.test(f));
      await Promise.all(
        arquivos.map(async (f) => {
          const bruto = await readFile(join(outDir, f));
          if (bruto.length < 1024) return;
          const [br, gzipado] = await Promise.all([
            brotli(bruto, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: bruto.length,
              },
            }),
            gz(bruto, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < bruto.length) await writeFile(join(outDir, `${f}.br`), br);
          if (gzipado.length < bruto.length) await writeFile(join(outDir, `${f}.gz`), gzipado);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precomprimir()],
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: API_URL,
        changeOrigin: false,
        // The server accepts writes only from PUBLIC_URL's origin; through this proxy the page's origin
        // is Vite's, so the proxy speaks for the API's own origin (dev only).
        configure: (proxy) => {
          proxy.on('proxyReq', (req) => {
            if (req.getHeader('origin')) req.setHeader('origin', new URL(API_URL).origin);
          });
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React changes far less often than our code: its chunk stays cached across releases. antd is left
    // to the splitter: each lazy part (sign-in pages, the signed-in app, the public tracking page) gets
    // only the components it uses, so the sign-in page does not download the whole library.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            // Everything the sign-in page loads at once (the entry's static import chain) in one chunk: the
            // per-module split of the app would otherwise cut it into dozens of slivers by share set,
            // each compressed on its own.
            { name: 'entrada', tags: ['$initial'], priority: 2 },
          ],
        },
      },
    },
  },
});
