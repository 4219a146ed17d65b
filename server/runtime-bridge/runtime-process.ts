import { spawn, type ChildProcess } from 'node:child_process';
import {
  createLineSplitter,
  MAX_LINE_BYTES,
  parseLine,
  type LineProblem,
} from '../../shared/neighbours/runtime-ui/ndjson.ts';

/** What happens to a runtime process, as the bridge hears it. */
export interface RuntimeProcessEvents {
  /** A JSON-RPC line from stdout. */
  line(text: string): void;
  /** A stdout line that is not protocol (too long, not JSON, not JSON-RPC). */
  violation(problem: LineProblem): void;
  /** A line of stderr (the runtime's log). */
  stderr(text: string): void;
  exit(code: number | null, signal: string | null): void;
}

/**
 * The variables a runtime gets by default: what a program needs to find binaries, a home, a
 * locale and a terminal, and nothing that names a credential. The operator adds more by name
 * (`--runtime-env SUIP_LLM_URL,SUIP_LLM_KEY`), each one a deliberate choice.
 */
export const DEFAULT_RUNTIME_ENV: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'LC_MESSAGES',
  'TERM',
  'TZ',
  'TMPDIR',
  'NODE_ENV',
];

/** Names a variable may have in `--runtime-env` (letters, digits, underscore; not starting with a digit). */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/**
 * The environment of a runtime process: the variables of `source` whose names are in
 * `DEFAULT_RUNTIME_ENV` or `extra`, and nothing else. A name that is not a variable name throws,
 * with the fix, so a typo in the operator's list is found at start, not as a missing key later.
 */
export function runtimeEnv(source: NodeJS.ProcessEnv, extra: readonly string[] = []): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of [...DEFAULT_RUNTIME_ENV, ...extra]) {
    if (!ENV_NAME.test(name))
      throw new TypeError(
        `--runtime-env names variables separated by commas (letters, digits, ` +
          `_); ${JSON.stringify(name.slice(0, 40))} is not a variable name`,
      );
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** One spawned runtime. */
export interface RuntimeProcess {
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Write one line to stdin (a newline is added). */
  write(line: string): boolean;
  /** Stop reading stdout (the bridge cannot keep up); the pipe fills and the runtime waits. */
  pause(): void;
  resume(): void;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Spawn the runtime command with stdio pipes and frame its stdout as NDJSON (4 MiB lines; a
 * line over it, or one that is not JSON-RPC, is a violation, never relayed). stderr is split into
 * lines for the log. The command and its arguments are fixed by the server's operator.
 */
export function spawnRuntime(
  command: string,
  args: readonly string[],
  events: RuntimeProcessEvents,
  options: { cwd?: string; env?: NodeJS.ProcessEnv; maxLineBytes?: number } = {},
): RuntimeProcess {
  // SECURITY: the child gets only the allow-listed environment (never the server's model key or secrets).
  const env = options.env ?? runtimeEnv(process.env);
  const child: ChildProcess = spawn(command, args, { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let running = true;
  const max = options.maxLineBytes ?? MAX_LINE_BYTES;
  const stdout = createLineSplitter(
    {
      line: (text) => {
        const parsed = parseLine(text, max);
        if (parsed.ok) events.line(text);
        else events.violation(parsed.problem);
      },
      problem: (problem) => events.violation(problem),
    },
    max,
  );
  const stderr = createLineSplitter(
    {
      line: (text) => events.stderr(text.slice(0, 2000)),
      problem: () => events.stderr('[a stderr line over the limit was skipped]'),
    },
    64 * 1024,
  );
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
      return (child.stdin!.write(`${line}\n`), true);
    },
    pause: () => void child.stdout!.pause(),
    resume: () => void child.stdout!.resume(),
    async stop(graceMs = 2000) {
      if (!running) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
