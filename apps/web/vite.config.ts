import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Dev: the API runs apart (apps/server on :3000, or API_URL) and is proxied, so cookies stay same-origin.
// Build: apps/web/dist, which the server serves in production.
const API_URL = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
