/** The SUIP protocol version this implementation speaks; sent in `suip/initialize` both ways. */
export const PROTOCOL_VERSION = '1.1';

/**
 * True when a peer announcing `version` can talk to this one: the same major version. A minor
 * version only adds methods that are used after both peers announce the capability, so a 1.0
 * peer and a 1.1 peer interoperate on 1.0's methods.
 */
export function isCompatibleVersion(version: unknown): boolean {
  return typeof version === 'string' && /^1\.\d{1,4}$/.test(version);
}
