import { relaySource } from 'virtual:suip-sandbox';

/**
 * Loaded through `loadRelaySource` (relay-source.ts) only, so that bundlers make it a chunk.
 * The relay script built by `generator/build/sandbox-plugin.ts` (the Worker runtime embedded),
 * inlined into every sandbox srcdoc: the sandbox origin is "null", so it cannot load modules.
 */
export const RELAY_SOURCE: string = relaySource;
