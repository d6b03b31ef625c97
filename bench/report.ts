import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const file = fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url));

/**
 * Replaces (or appends) one benchmark's section of docs/BENCHMARKS.md, between its markers, and
 * writes the document formatted as the repository's Prettier check wants it.
 */
export async function writeBenchmarkSection(
  id: string,
  title: string,
  body: string,
): Promise<void> {
  const begin = `<!-- bench:${id}:begin -->`;
  const end = `<!-- bench:${id}:end -->`;
  const section = `${begin}\n\n## ${title}\n\n${body}\n\n${end}`;
  const current = readFileSync(file, 'utf8');
  const start = current.indexOf(begin);
  const stop = current.indexOf(end);
  const next =
    start !== -1 && stop > start
      ? current.slice(0, start) + section + current.slice(stop + end.length)
      : `${current.trimEnd()}\n\n${section}\n`;
  const options = await resolveConfig(file);
  writeFileSync(file, await format(next, { ...options, filepath: file }));
}
