import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The viewer is a static app served from build/viewer/ next to the bundles: relative asset
// paths (base './') so it works from any static host and any sub-folder, no server code.

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../build/viewer', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1024,
  },
});
