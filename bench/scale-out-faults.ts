import { faultRun } from '../server/scale-out/fault-run.ts';

/**
 * Issue 46's fault run at scale, opt in (`npm run test:scale`, or with sizes:
 * `node --import tsx bench/scale-out-faults.ts <viewers> <sessions> <frames> [viewer processes]`;
 * default 1,000 viewers over 50 sessions, 2,000 frames each, one viewer process per 250 viewers): three suip
 * processes behind HAProxy on a Redis
 * Cluster with replicas, one process killed -9 a third in, one primary killed -9 two thirds in.
 * Prints the figures as JSON and exits 1 if any viewer lost a frame or got one twice.
 */
const [viewers = 1000, sessions = 50, frames = 2000, viewerProcesses] = process.argv.slice(2).map(Number);
const result = await faultRun({
  viewers,
  sessions,
  frames,
  ...(viewerProcesses !== undefined ? { viewerProcesses } : {}),
  ...(process.env.SUIP_FAULT_LOGS ? { logDir: process.env.SUIP_FAULT_LOGS } : {}),
  ...(process.env.SUIP_FAULT_DEADLINE_MS ? { deadlineMs: Number(process.env.SUIP_FAULT_DEADLINE_MS) } : {}),
  progress: (line) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`),
});
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
process.exit(
  result.lost === 0 && result.duplicated === 0 && result.processKill.resumed === result.processKill.affected ? 0 : 1,
);
