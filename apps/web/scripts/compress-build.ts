/**
 * After `react-router build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text file
 * of the client build, which the server then sends as they are (@fastify/static's
 * `preCompressed`), at no cost per request (decision 016).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const CLIENT_DIR = fileURLToPath(new URL('../build/client/', import.meta.url));
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compressFile(file: string): Promise<{ before: number; after: number }> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return { before: source.length, after: br.length };
}

const names = await readdir(CLIENT_DIR, { recursive: true });
let before = 0;
let after = 0;
let count = 0;
for (const name of names) {
  const file = path.join(CLIENT_DIR, name);
  if (!COMPRESSIBLE.test(name) || (await stat(file)).size < MIN_BYTES) continue;
  const sizes = await compressFile(file);
  before += sizes.before;
  after += sizes.after;
  count += 1;
}
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
console.log(`compressed ${count} files of the client build: ${kb(before)} → ${kb(after)} (Brotli)`);
