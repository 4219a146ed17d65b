import { spawn, type ChildProcess } from 'node:child_process';
import { createLineSplitter, MAX_LINE_BYTES, parseLine } from '../../shared/neighbours/runtime-ui/ndjson.ts';

/** What happens to a runtime process, as the bridge hears it. */
export interface RuntimeProcessEvents {
  /** A JSON-RPC line from stdout. */
  line(text: string): void;
  /** A stdout line that is not protocol (too long, not JSON, not JSON-RPC). */
  violation(message: string, preview: string): void;
  /** A line of stderr (the runtime's log). */
  stderr(text: string): void;
  exit(code: number | null, signal: string | null): void;
}

/** One spawned runtime. */
export interface RuntimeProcess {
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Write one line to stdin (a newline is added). */
  write(line: string): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Spawn the runtime command with stdio pipes and frame its stdout as NDJSON (4 MiB lines; a
 * line over it, or one that is not JSON-RPC, is a violation, never relayed). stderr is split into
 * lines for the log. The command and its arguments are fixed by the server's operator.
 */
export function spawnRuntime(command: string, args: readonly string[], events: RuntimeProcessEvents, options: { cwd?: string; env?: NodeJS.ProcessEnv; maxLineBytes?: number } = {}): RuntimeProcess {
  const child: ChildProcess = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let running = true;
  const max = options.maxLineBytes ?? MAX_LINE_BYTES;
  const stdout = createLineSplitter(
    {
      line: (text) => {
        const parsed = parseLine(text, max);
        if (parsed.ok) events.line(text);
        else events.violation(parsed.problem.message, parsed.problem.preview);
      },
      problem: (problem) => events.violation(problem.message, problem.preview),
    },
    max,
  );
  const stderr = createLineSplitter({ line: (text) => events.stderr(text.slice(0, 2000)), problem: () => events.stderr('[a stderr line over the limit was skipped]') }, 64 * 1024);
  child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
  // A runtime that died leaves a broken pipe: writes then fail with EPIPE, which must not crash the server.
  child.stdin!.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      stdout.end();
      stderr.end();
      events.exit(code, signal);
      resolve();
    });
    child.once('error', (error) => {
      if (!running) return;
      running = false;
      events.stderr(`the runtime could not be started: ${error.message}`);
      events.exit(null, null);
      resolve();
    });
  });
  return {
    get pid() {
      return child.pid;
    },
    get running() {
      return running;
    },
    write(line) {
      if (!running || child.stdin!.destroyed) return false;
      return child.stdin!.write(`${line}\n`), true;
    },
    async stop(graceMs = 2000) {
      if (!running) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
