import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  // The server build's entry is our own handler, which the Fastify server imports.
  build: isSsrBuild ? { rollupOptions: { input: './server/render.ts' } } : {},
  plugins: [reactRouter()],
}));
