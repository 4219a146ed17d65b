import { relaySource } from 'virtual:suip-sandbox';

/**
 * The relay script built by `generator/build/sandbox-plugin.ts` (the Worker runtime embedded),
 * inlined into every sandbox srcdoc: the sandbox origin is "null", so it cannot load modules.
 */
export const RELAY_SOURCE: string = relaySource;
