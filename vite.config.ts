import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preloadApp } from './build/preload-app';

/** The Content-Security-Policy is sent as a response header (server/http-bridge.ts, electron/app-protocol.ts), never as a <meta> tag: a tag cannot carry frame-ancestors. */
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), preloadApp()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, sourcemap: false },
});
