import { defineConfig } from 'vite';

/**
 * The widget app (docs/decisions/024-the-widget.md): written with React's API, built against
 * preact/compat so the first load fits its 60 KB budget. Served by the server under /widget/.
 * The loader (src/loader.ts → dist/widget.js) has its own build: vite.loader.config.ts.
 */
export default defineConfig({
  base: '/widget/',
  resolve: {
    alias: [
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
    ],
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
  // The manifest maps index.html to its chunk and static imports: scripts/check-widget-size.mjs
  // sums the first load from it.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, target: 'es2020' },
});
