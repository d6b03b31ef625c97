import { spawn } from 'node:child_process';

/** How much of stderr to keep for error messages: ffmpeg's last lines say what went wrong. */
const STDERR_TAIL_BYTES = 8 * 1024;

export interface RunToolOptions {
  signal?: AbortSignal | undefined;
  /** Called with each complete line of stdout (ffmpeg `-progress pipe:1`). */
  onStdoutLine?: ((line: string) => void) | undefined;
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

/**
 * Runs ffmpeg or ffprobe without a shell. Aborting kills the process at once (SIGKILL: ffmpeg's
 * graceful stop would first flush every encoder) and rejects with the signal's reason once the
 * process is gone, so the caller may remove its output safely.
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: RunToolOptions = {},
): Promise<ToolOutput> {
  const { signal, onStdoutLine } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    let pending = '';

    child.stdout.on('data', (chunk: Buffer) => {
      if (!onStdoutLine) {
        stdout.push(chunk);
        return;
      }
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onStdoutLine(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });

    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });

    child.on('error', (error) => {
      signal?.removeEventListener('abort', abort);
      reject(error);
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) reject(signal.reason as Error);
      else if (code === 0) resolve({ stdout: Buffer.concat(stdout).toString('utf8'), stderr });
      else reject(new MediaToolError(command, code, stderr));
    });
  });
}
