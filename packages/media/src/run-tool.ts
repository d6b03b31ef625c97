import { spawn } from 'node:child_process';

/** How much of stderr to keep for error messages: ffmpeg's last lines say what went wrong. */
const STDERR_TAIL_BYTES = 8 * 1024;

export interface RunToolOptions {
  signal?: AbortSignal | undefined;
  /** Called with each complete line of stdout (ffmpeg `-progress pipe:1`). */
  onStdoutLine?: ((line: string) => void) | undefined;
  /** Killed past this many milliseconds (MediaToolDeadlineError). */
  timeoutMs?: number | undefined;
  /**
   * ffmpeg run with `-progress pipe:1`: killed when neither its frame count nor its output time
   * has moved for this many milliseconds (MediaToolStalledError), the no-progress watchdog.
   */
  stallMs?: number | undefined;
}

export interface ToolOutput {
  stdout: string;
  stderr: string;
}

/** ffmpeg or ffprobe exited with an error; `stderr` is the tail of what it printed. */
export class MediaToolError extends Error {
  override readonly name = 'MediaToolError';
  readonly tool: string;
  readonly exitCode: number | null;
  readonly stderr: string;

  constructor(tool: string, exitCode: number | null, stderr: string) {
    const lastLines = stderr.trim().split('\n').slice(-3).join(' / ');
    super(`${tool} exited with ${exitCode ?? 'a signal'}: ${lastLines}`);
    this.tool = tool;
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}

/** The tool ran past its deadline and was killed. */
export class MediaToolDeadlineError extends Error {
  override readonly name = 'MediaToolDeadlineError';

  constructor(tool: string, timeoutMs: number) {
    super(`${tool} was stopped after its deadline of ${timeoutMs} ms`);
  }
}

/** ffmpeg made no progress for the stall time and was killed; another attempt may do better. */
export class MediaToolStalledError extends Error {
  override readonly name = 'MediaToolStalledError';

  constructor(tool: string, stallMs: number) {
    super(`${tool} made no progress for ${stallMs} ms and was stopped`);
  }
}

/** The `-progress` keys that move while ffmpeg works. */
const PROGRESS_KEYS = new Set(['frame', 'out_time_us']);

/**
 * Runs ffmpeg or ffprobe without a shell. Aborting kills the process at once (SIGKILL: ffmpeg's
 * graceful stop would first flush every encoder) and rejects with the signal's reason once the
 * process is gone, so the caller may remove its output safely. A deadline or the no-progress
 * watchdog kills it the same way and rejects with their own errors.
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: RunToolOptions = {},
): Promise<ToolOutput> {
  const { signal, onStdoutLine, timeoutMs, stallMs } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    let pending = '';
    let killedFor: Error | undefined;
    const kill = (reason: Error) => {
      killedFor ??= reason;
      child.kill('SIGKILL');
    };
    const deadline =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            kill(new MediaToolDeadlineError(command, timeoutMs));
          }, timeoutMs);
    let stall: NodeJS.Timeout | undefined;
    const watch = () => {
      if (stallMs === undefined) return;
      clearTimeout(stall);
      stall = setTimeout(() => {
        kill(new MediaToolStalledError(command, stallMs));
      }, stallMs);
    };
    watch();
    const progressSeen = new Map<string, string>();
    const readLine = (line: string) => {
      const [key = '', value = ''] = line.trim().split('=');
      if (PROGRESS_KEYS.has(key) && progressSeen.get(key) !== value) {
        progressSeen.set(key, value);
        watch();
      }
      onStdoutLine?.(line);
    };

    child.stdout.on('data', (chunk: Buffer) => {
      if (!onStdoutLine && stallMs === undefined) {
        stdout.push(chunk);
        return;
      }
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) readLine(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });

    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => {
      signal?.removeEventListener('abort', abort);
      clearTimeout(deadline);
      clearTimeout(stall);
    };

    child.on('error', (error) => {
      settle();
      reject(error);
    });
    child.on('close', (code) => {
      settle();
      if (signal?.aborted) reject(signal.reason as Error);
      else if (killedFor) reject(killedFor);
      else if (code === 0) resolve({ stdout: Buffer.concat(stdout).toString('utf8'), stderr });
      else reject(new MediaToolError(command, code, stderr));
    });
  });
}
