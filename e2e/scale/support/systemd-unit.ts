import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './deploy-doc.ts';

/** What a shipped unit (deploy/systemd/) starts: its command line and its own settings. */
export interface UnitCommand {
  argv: string[];
  /** The unit's `Environment=` lines, with the instance (`%i`) filled in. */
  env: Record<string, string>;
}

/**
 * Reads `ExecStart=` and `Environment=` of `deploy/systemd/<file>` as systemd would for the
 * instance given (`%i`), so the journey starts the processes exactly as the units do; the
 * rest (user, working directory, the settings file) is the machine's, which the journey
 * replaces with its own checkout and settings.
 */
export function unitCommand(file: string, instance = ''): UnitCommand {
  const text = readFileSync(path.join(REPO_ROOT, 'deploy/systemd', file), 'utf8');
  const values = (key: string) =>
    text
      .split('\n')
      .filter((line) => line.startsWith(`${key}=`))
      .map((line) => line.slice(key.length + 1).replaceAll('%i', instance));
  const [execStart] = values('ExecStart');
  if (!execStart) throw new Error(`${file} has no ExecStart`);
  const env: Record<string, string> = {};
  for (const assignment of values('Environment')) {
    const at = assignment.indexOf('=');
    env[assignment.slice(0, at)] = assignment.slice(at + 1);
  }
  return { argv: execStart.split(/\s+/), env };
}
