import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url));

/** Replaces (or appends) one benchmark's section of docs/BENCHMARKS.md, between its markers. */
export function writeBenchmarkSection(id: string, title: string, body: string): void {
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
  writeFileSync(file, next);
}
