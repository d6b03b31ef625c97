import { copyFile, link, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Recreates the directory tree `from` at `to` with hard links (copies across file systems): every
 * demo item gets its own package directory while the bytes are stored once.
 */
export async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else await link(source, target).catch(() => copyFile(source, target));
  }
}
