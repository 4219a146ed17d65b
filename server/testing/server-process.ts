import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A server process started for a test. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (each stream bounded at its last 8 MiB): secrets canaries grep it. */
  output(): { stdout: string; stderr: string };
  /** SIGKILL (no cleanup at all) and wait for the exit. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/**
 * Secret flags a test may write for readability; the server refuses them on its command line, so they travel as an
 * operator must pass them.
 */
const SECRET_FLAGS: Record<string, string> = { '--agent-token': 'SUIP_AGENT_TOKEN', '--secret': 'SUIP_SECRET' };

/** `args` without the secret flags, and those secrets as environment variables. */
function secretsToEnv(args: readonly string[]): { args: string[]; env: Record<string, string> } {
  const rest: string[] = [];
  const env: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const name = SECRET_FLAGS[args[i]!];
    if (name !== undefined && args[i + 1] !== undefined) {
      env[name] = args[i + 1]!;
      i += 1;
    } else rest.push(args[i]!);
  }
  return { args: rest, env };
}

/**
 * Start `server/main.ts` as a real process with `args`; resolves with its URL once it printed
 * `listening` (within `startMs`, default 90 s: a process starting from source beside CPU hogs
 * took over 30 s). `--agent-token X` and `--secret X` in `args` are handed over in the
 * environment; `openFiles` starts it under that descriptor limit; `nodeArgs` go to node itself
 * (`--inspect=127.0.0.1:0` for a benchmark that forces a collection).
 */
export async function startServer(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  options: { startMs?: number; openFiles?: number; nodeArgs?: readonly string[] } = {},
): Promise<ServerProcess> {
  const port = args.includes('--port') ? [] : ['--port', '0'];
  const secrets = secretsToEnv(args);
  const command = [process.execPath, ...(options.nodeArgs ?? []), '--import', 'tsx', MAIN, ...port, ...secrets.args];
  // A descriptor limit (`ulimit -n`) for the server alone: bash sets it, then becomes the server (exec keeps the pid).
  const limited = ['-c', `ulimit -n ${options.openFiles} && exec "$@"`, 'bash', ...command];
  const [file, argv] = options.openFiles === undefined ? [process.execPath, command.slice(1)] : ['bash', limited];
  const environment = { ...process.env, ...secrets.env, ...env };
  const child = spawn(file, argv, { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  const all = { stdout: '', stderr: '' };
  const keep = (text: string) => (text.length > 8 << 20 ? text.slice(-(8 << 20)) : text);
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    all.stderr = keep(all.stderr + chunk.toString());
  });
  child.stdout!.on('data', (chunk: Buffer) => (all.stdout = keep(all.stdout + chunk.toString())));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // never left running behind a failed test
      reject(new Error(`the server did not start: ${stderr}`));
    }, options.startMs ?? 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${stderr}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    child,
    output: () => ({ ...all }),
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
