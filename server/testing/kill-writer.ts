import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WRITER = fileURLToPath(new URL('./ledger-writer.ts', import.meta.url));

/**
 * Runs `ledger-writer.ts` on the SQLite `file` (its `args`: the session, then an optional mode) in
 * a process of its own, kill -9s it once it has acknowledged at least `after` appends, and
 * resolves, once it is gone, with the highest number it acknowledged: what a durability test then
 * expects to find in the file. A writer that exits before the kill fails the test.
 */
export async function writeUntilKilled(file: string, args: readonly string[], after = 300): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, file, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let acknowledged = 0;
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the writer exited (${code}) before it was killed`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const numbers = chunk.toString().trim().split('\n').map(Number).filter(Number.isFinite);
      acknowledged = Math.max(acknowledged, ...numbers);
      if (acknowledged >= after) {
        child.kill('SIGKILL');
        resolve();
      }
    });
  });
  await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  return acknowledged;
}
