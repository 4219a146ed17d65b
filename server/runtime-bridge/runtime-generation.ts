import { lineErrorResponse } from '../../shared/neighbours/runtime-ui/line-errors.ts';
import { parseLine } from '../../shared/neighbours/runtime-ui/ndjson.ts';
import type { Claims } from './claims.ts';
import type { OrderedAppends } from './ordered-appends.ts';
import { spawnRuntime, type RuntimeProcess } from './runtime-process.ts';

/** What one runtime generation needs; the command is the operator's (`--runtime-cmd`), never a client's. */
export interface RuntimeGenerationOptions {
  command: string;
  args: readonly string[];
  cwd?: string;
  env: NodeJS.ProcessEnv;
  claims: Claims;
  append: OrderedAppends['append'];
  /** True while the bridge shuts down: an exit then is not recorded. */
  closing(): boolean;
  log(event: Record<string, unknown>): void;
}

/**
 * Start runtime generation `mine`: each stdout line goes to the stream (a response to one
 * window's request as `reply:<client>`, a request as `ask`), a line that is not protocol is
 * answered for the UI role and recorded as a violation, and the exit is recorded.
 */
export function startGeneration(mine: number, options: RuntimeGenerationOptions): RuntimeProcess {
  const { claims, append, log } = options;
  options.claims.newGeneration(mine);
  const runtime: RuntimeProcess = spawnRuntime(
    options.command,
    options.args,
    {
      line(text) {
        const parsed = parseLine(text);
        if (!parsed.ok) return;
        const message = parsed.message;
        // A response to one window's request goes to that window only (kind `reply:<client>`).
        const to =
          message.method === undefined && message.id != null
            ? claims.replyTo(mine, message.id, message.result)
            : undefined;
        const asks = message.method !== undefined && message.id != null;
        if (message.method !== undefined && message.id != null) claims.asked(mine, message.id, message.params, text);
        void append(to === undefined ? (asks ? 'ask' : 'line') : `reply:${to}`, {
          type: 'line',
          generation: mine,
          line: text,
        });
      },
      violation(problem) {
        log({
          event: 'runtime-violation',
          generation: mine,
          kind: problem.kind,
          message: problem.message,
          preview: problem.preview,
        });
        void append('violation', {
          type: 'violation',
          message: problem.message.slice(0, 1000),
          preview: problem.preview.slice(0, 200),
        });
        // The browser never sees the line, so the bridge answers for the UI role (JSON-RPC's parse / invalid request
        // error).
        const reply = lineErrorResponse(problem);
        if (reply !== undefined) runtime.write(JSON.stringify(reply));
      },
      stderr: (text) => log({ event: 'runtime-stderr', generation: mine, line: text }),
      exit(code, signal) {
        log({ event: 'runtime-exit', generation: mine, code, signal });
        claims.newGeneration(mine + 1);
        if (!options.closing())
          void append('exit', { type: 'exit', generation: mine, code, signal: signal?.slice(0, 32) ?? null });
      },
    },
    { cwd: options.cwd, env: options.env },
  );
  log({ event: 'runtime-started', generation: mine, pid: runtime.pid, command: options.command });
  void append('started', { type: 'started', generation: mine }, 'generation');
  return runtime;
}
