import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/** The repository's root: the doc's commands run from a checkout, as on the server. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const DOC = path.join(REPO_ROOT, 'docs/DEPLOY.md');

/** A fenced block of the doc: ```sh deploy:<name> … ```. */
const FENCE = /^```(\S*)[ \t]*(.*)\n([\s\S]*?)^```$/gm;

/**
 * Every shell block of docs/DEPLOY.md by its name. Each must be named (`deploy:<name>` after
 * the language) and each name must be run by the scale journey, which checks at its end that
 * none was left out: a command added to the doc and run by nobody fails the journey.
 */
export function deployCommands(text = readFileSync(DOC, 'utf8')): Map<string, string> {
  const commands = new Map<string, string>();
  for (const [, language = '', info = '', body = ''] of text.matchAll(FENCE)) {
    if (!['sh', 'bash', 'shell', 'console'].includes(language)) continue;
    const name = /^deploy:([a-z0-9-]+)$/.exec(info.trim())?.[1];
    if (!name)
      throw new Error(`docs/DEPLOY.md: a shell block is not named deploy:<name>:\n${body}`);
    if (commands.has(name)) throw new Error(`docs/DEPLOY.md: two blocks are named deploy:${name}`);
    commands.set(name, body);
  }
  return commands;
}

const run = promisify(execFile);

/** Runs the doc's blocks verbatim and remembers which ran. */
export class DeployDoc {
  readonly #commands = deployCommands();
  readonly #ran = new Set<string>();

  /**
   * Runs block `name` in bash (stopping at the first failing command) from the repository's
   * root, with `env` added to this process's environment; answers its standard output.
   */
  async run(name: string, env: Record<string, string>): Promise<string> {
    const script = this.#commands.get(name);
    if (script === undefined) throw new Error(`docs/DEPLOY.md has no block deploy:${name}`);
    this.#ran.add(name);
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  }

  /** The blocks nobody ran. */
  notRun(): string[] {
    return [...this.#commands.keys()].filter((name) => !this.#ran.has(name));
  }
}
