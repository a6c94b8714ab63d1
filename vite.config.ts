import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { CONTENT_SECURITY_POLICY } from './shared/security/csp';

const contentSecurityPolicy = (): Plugin => ({
  name: 'touchstone-csp',
  transformIndexHtml: (html) => html.replace('%TOUCHSTONE_CSP%', CONTENT_SECURITY_POLICY),
});

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, sourcemap: false },
});
