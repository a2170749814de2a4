import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  // The manifest maps each source module (index.html, a lazy page or layout) to its chunk and static imports:
  // the console bench sums a page's first-load JavaScript from it.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 800, manifest: true },
});
