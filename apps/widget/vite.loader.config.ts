import { defineConfig } from 'vite';

/** The loader: one plain IIFE, dist/widget.js, next to the app's build (which empties dist first). */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2018',
    lib: { entry: 'src/loader.ts', formats: ['iife'], name: 'LanebookLoader', fileName: () => 'widget.js' },
  },
});
