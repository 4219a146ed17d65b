import { Type, type Static } from '@sinclair/typebox';

/**
 * The budgets a renderer announces in the `suip/initialize` result. The relay enforces the
 * transport ones (bytes per message, messages per second) before anything reaches the host; the
 * renderer enforces all of them again when it validates.
 */
export const Limits = Type.Object(
  {
    maxMessageBytes: Type.Integer({ minimum: 1, description: 'UTF-8 bytes of one port message (one JSON text).' }),
    maxMessagesPerSecond: Type.Integer({
      minimum: 1,
      description: 'Messages per second from one generator, averaged over one second with this many as the burst.',
    }),
    maxOpsPerMessage: Type.Integer({ minimum: 1, description: 'Ops in one batch (one transaction).' }),
    maxDepth: Type.Integer({ minimum: 1, description: 'Depth of a generator subtree (its root is depth 0).' }),
    maxNodes: Type.Integer({ minimum: 1, description: 'Particles in one generator subtree.' }),
    maxChildren: Type.Integer({ minimum: 1, description: 'Children of one group.' }),
    maxTextLength: Type.Integer({ minimum: 0, description: 'UTF-16 code units of one text particle.' }),
    maxDataLength: Type.Integer({ minimum: 0, description: 'Characters of one data particle (URL or data: URI).' }),
    maxIdLength: Type.Integer({ minimum: 1, description: 'Characters of one particle id or handler id.' }),
  },
  { additionalProperties: false, $id: 'Limits' },
);

/** Budgets in force for one generator. */
export type Limits = Static<typeof Limits>;

/** Defaults: generous for real UIs, small enough that a hostile generator cannot hurt the host. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxMessageBytes: 1 << 20,
  maxMessagesPerSecond: 1000,
  maxOpsPerMessage: 5000,
  maxDepth: 64,
  maxNodes: 20_000,
  // A list's width costs a token nothing any more (core/tree/child-index.ts, undo-log.ts): a list is
  // bounded by the tree's size (10,000 items of a group and a text fill maxNodes), not its width.
  maxChildren: 10_000,
  maxTextLength: 256 * 1024,
  maxDataLength: 512 * 1024,
  maxIdLength: 256,
});
