import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  // The server build's entry is our own handler, which the Fastify server imports. React Router
  // reads a custom server entry from the ssr environment's options (rolldownOptions on Vite 8).
  environments: { ssr: { build: { rolldownOptions: { input: './server/render.ts' } } } },
  plugins: [reactRouter()],
});
