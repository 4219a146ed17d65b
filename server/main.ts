import { serve } from './bin/serve.ts';

/**
 * The suip server: `npm run server` (node --import tsx server/main.ts). Zero configuration: an
 * SQLite ledger under `.suip-data/`, 127.0.0.1:6781. `--redis <url>` (or REDIS_URL) shares the
 * ledger between processes, `--redis-cluster <url,…>` (SUIP_REDIS_CLUSTER) on a Redis Cluster; `--port 0` takes a free
 * port. Prints `listening <url>` on stdout when ready; logs JSON lines on stderr; SIGTERM / SIGINT close it gracefully;
 * a refused configuration exits 2 with one line. The installed package runs the same function prebuilt: `npx suip
 * serve` (server/bin/cli.ts).
 */
await serve(process.argv.slice(2), 'suip server');
