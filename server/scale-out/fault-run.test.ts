import { describe, expect, it } from 'vitest';
import { hasHaproxy } from '../testing/haproxy.ts';
import { hasRedisServer } from '../testing/redis-server.ts';
import { faultRun } from './fault-run.ts';

/**
 * The fault run of issue 46, small enough for `npm test` (the full size is `npm run test:scale`):
 * three processes behind HAProxy on a Redis Cluster with replicas, 60 viewers over 6 sessions,
 * 300 frames each; one suip process and then one cluster primary killed -9 mid-stream. The
 * verdict is about frames only (none lost, none twice, every cut page resumed), never about time.
 */
describe.skipIf(!hasRedisServer() || !hasHaproxy())(
  'fault run: kill -9 a suip process, then a cluster primary, mid-stream',
  () => {
    it('every viewer ends with every frame in order, none lost or twice; each cut page resumed', async () => {
      const result = await faultRun({ viewers: 60, sessions: 6, frames: 300 });
      // Error frames are not part of the verdict: on a busy machine a socket may miss its handshake
      // window or fall behind its replay window, and the page reconnects and resumes (which the
      // frame counts below then check).
      expect({ lost: result.lost, duplicated: result.duplicated }, JSON.stringify(result.errors)).toEqual({
        lost: 0,
        duplicated: 0,
      });
      expect(result.processKill.affected).toBeGreaterThan(0);
      expect(result.processKill.resumed).toBe(result.processKill.affected);
      expect(result.primaryKill.affected).toBeGreaterThan(0);
      expect(result.primaryKill.resumed).toBe(result.primaryKill.affected);
      expect(result.deliveries).toBe(60 * 300 + (result.resent * 60) / 6);
    }, 600_000);
  },
);
