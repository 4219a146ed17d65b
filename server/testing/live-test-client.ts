import { WebSocket } from 'ws';

/** A frame as a test reads it. */
export type TestFrame = { type: string; payload?: Record<string, unknown>; seq?: number };

/** Call the agent API with `token` as bearer; the answer's status and JSON body in one object. */
export async function agentCall(
  base: string,
  token: string,
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
): Promise<Record<string, unknown> & { status: number }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return { ...parsed, status: response.status };
}

/**
 * A live-channel test client (the `ws` package) that records every frame and how the socket
 * closed; `from` picks its source address (127.0.0.x).
 */
export function liveTestClient(
  base: string,
  query = '',
  headers: Record<string, string> = {},
  from?: { localAddress: string },
) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws${query}`, { headers, ...from });
  const frames: TestFrame[] = [];
  let closed: number | undefined;
  let reason = '';
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as TestFrame));
  ws.on('close', (code, why) => {
    closed = code;
    reason = why.toString();
  });
  ws.on('error', () => undefined);
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
  });
  opened.catch(() => undefined);
  return {
    ws,
    frames,
    opened,
    closed: () => closed,
    reason: () => reason,
    send: (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    errors: () => frames.filter((f) => f.type === 'error').map((f) => String(f.payload?.code)),
    async until(check: (frames: TestFrame[]) => boolean, what: string, ms = 15_000) {
      const end = Date.now() + ms;
      while (!check(frames)) {
        if (Date.now() > end)
          throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(frames.slice(-3)).slice(0, 600)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** The resident memory of a process in bytes (Linux `/proc`). */
export async function residentBytes(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Open descriptors of a process (Linux `/proc`). */
export async function openDescriptors(pid: number): Promise<number> {
  const { readdir } = await import('node:fs/promises');
  return (await readdir(`/proc/${pid}/fd`)).length;
}
