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
    // Libraries change far less often than our code: separate chunks stay cached across releases.
    // antd alone is ~1 MB minified, hence the higher warning limit for its chunk.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|dayjs)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules/, priority: 1 },
          ],
        },
      },
    },
  },
});
