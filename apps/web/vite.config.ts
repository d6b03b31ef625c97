import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * The browser build takes typebox-shapes.ts for `typebox`: the page reads only the fields of a
 * call's schemas, never validates with them (decision 033). The server build keeps TypeBox.
 */
const typeboxShapesInTheBrowser: Plugin = {
  name: 'melon:typebox-shapes-in-the-browser',
  enforce: 'pre',
  resolveId(source) {
    if (source !== 'typebox' || this.environment.name !== 'client') return null;
    return fileURLToPath(new URL('./app/lib/typebox-shapes.ts', import.meta.url));
  },
};

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  // The server build's entry is our own handler, which the Fastify server imports. React Router
  // reads a custom server entry from the ssr environment's options (rolldownOptions on Vite 8).
  environments: { ssr: { build: { rolldownOptions: { input: './server/render.ts' } } } },
  build: {
    rolldownOptions: {
      output: {
        // Every page loads React and the site's frame: as 2 files instead of about 20 small ones,
        // which on a phone's connection queue behind each other (decision 018).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            {
              name: 'shell',
              test: /apps[\\/]web[\\/]app[\\/](root\.tsx|lib[\\/]|components[\\/]|features[\\/](layout|passport|toast|captcha|errors)[\\/])|packages[\\/]shared[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  plugins: [typeboxShapesInTheBrowser, reactRouter()],
});
