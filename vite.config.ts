import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdTableWithoutColumnFilters } from './scripts/antd-table-without-column-filters.ts';
import { compileHints } from './scripts/compile-hints.ts';
import { shellChunks } from './scripts/shell-chunk.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const proxied = [
  '/admin',
  '/open',
  '/platform-info.json',
  '/healthz',
  '/docs',
  '/uploads',
  // The template demos' mock API (src/server/modules/demo-mock).
  '/vue-element-admin',
];

const chunks = shellChunks('src/web/main.tsx', 'src/web/layout/layout.tsx');

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // The chunks that run on the way from the login page to the dashboard: compiled ahead (V8).
  plugins: [
    react(),
    chunks.plugin,
    compileHints(['framework', 'shell', 'dashboard-page']),
    antdTableWithoutColumnFilters(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // antd's rc-component packages do not declare themselves free of side effects, so unused
      // parts (the whole form engine behind a context import) would land in the login page.
      treeshake: {
        moduleSideEffects: (id: string) => !/node_modules[\\/]@rc-component[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            // Libraries every page runs in full from the first paint (React, the router,
            // i18next): one chunk instead of several small ones, and one that stays cached
            // across releases of the app's own code. antd is not among them: the login page
            // does not use it.
            {
              name: 'framework',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|zustand|js-cookie)[\\/]/,
            },
            // What the login page's entry and the signed-in shell need: see scripts/shell-chunk.ts.
            { name: 'index', priority: 1, test: chunks.entry },
            { name: 'shell', priority: 0, test: chunks.shell },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget }])),
  },
});
