import type { ChildProcess } from 'node:child_process';

/**
 * The address a bench server child prints (`listening http://127.0.0.1:<port>`) once it listens,
 * or the child's exit, named after `what` (the live-channel benches start their servers as
 * children: `live-channel.ts --serve <kind>`).
 */
export function listeningUrl(child: ChildProcess, what: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}
