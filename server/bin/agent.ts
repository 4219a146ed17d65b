/**
 * `suip/agent`: the agent side of a suip server, from Node — the session API with the agent token
 * (`createAgentClient`: create sessions, mint page tokens, publish renders, props and data, read
 * and follow events) and a server-side generator driving a live page (`serveRemoteGenerator`,
 * mode R; build its trees with the builders of `suip/kit`). Needs the optional peer `ws`.
 */
export { createAgentClient } from '../sessions/agent-client.ts';
export type { AgentClient, AgentClientOptions, DataEnvelope } from '../sessions/agent-client.ts';
export { serveRemoteGenerator } from '../sessions/remote-generator.ts';
export type { RemoteGenerator, RemoteGeneratorOptions } from '../sessions/remote-generator.ts';
