/** The SUIP protocol version this implementation speaks; sent in `suip/initialize` both ways. */
export const PROTOCOL_VERSION = '1.0';
