/**
 * `suip/server`: create and start a suip server from code — the live channel, the session and
 * agent API, GenUI, the canvas and the optional runtime bridge over one SQLite or Redis ledger.
 * `startServer(readConfig(argv, env), { log: createLogger() })` is what `npx suip serve` runs.
 * Needs the optional peers `ws` and `better-sqlite3` (and `redis` for `redisUrl`).
 */
export { startServer } from '../create-server.ts';
export type { StartOptions, SuipServer } from '../create-server.ts';
export { readConfig } from '../config.ts';
export type { LlmConfig, ServerConfig } from '../config.ts';
export { createLogger } from '../log.ts';
