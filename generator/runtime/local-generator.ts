import { createMemoryChannelPair, type Channel } from '../../shared/channel.ts';
import { connectGenerator, type ConnectedGenerator } from './connect-generator.ts';
import type { SuipApi } from './suip-api.ts';
import type { InPageLane } from './in-page-lane.ts';

/** How a local generator is mounted: what `createLocalGenerator` takes and hands on to `attachRemote`. */
export interface LocalMountOptions {
  /** The mount id. */
  id: string;
  name?: string;
  /**
   * What kind of origin it is, named by the provenance mark in the host's words (renderer's MountOptions.originKind).
   */
  originKind?: 'program' | 'agent' | 'a2ui' | 'genui';
  /** The channels the generator may `output` on. */
  outputs?: readonly string[];
  /** The channels the host will send input on (announced; others are refused on both ends). */
  inputs?: readonly string[];
  /** Take over a subtree kept by `detach(id, {keep: true})`. */
  adopt?: boolean;
  /** Show this mount only inside the slots of that generator. */
  slotOf?: string;
}

/** What a local generator needs from a renderer: `attachRemote` (structural, so this side imports no renderer code). */
export interface RemoteAttachTarget<Handle> {
  attachRemote(options: LocalMountOptions & { channel: Channel; inPage?: boolean; lane?: InPageLane }): Promise<Handle>;
}

/** Options of `createLocalGenerator`. */
export interface LocalGeneratorOptions extends LocalMountOptions {
  /** Exceptions thrown by handlers (default: reported to the console). */
  onUncaught?(error: unknown): void;
  /**
   * Hand the handshake and each transaction to the renderer's session as values (the in-page lane:
   * no JSON text written or parsed; validated, applied and answered by the same session code).
   * Needs a renderer that offers it (`attachRemote({lane})`); otherwise the channel carries them.
   */
  lane?: boolean;
}

/** An in-page generator: the same `suip` API a sandboxed program gets, plus its host handle and `close`. */
export type LocalGenerator<Handle> = SuipApi &
  Pick<ConnectedGenerator, 'renderChange'> & {
    /** The renderer's handle for this mount (input, onOutput, detach). */
    readonly handle: Handle;
    /** Detach from the renderer (the subtree is removed, or kept with `{keep: true}`). */
    close(options?: { keep?: boolean }): Promise<void>;
  };

/**
 * Run a generator in the page, over a memory channel, for TRUSTED translator code (adapters that
 * turn another protocol's messages into particles). It gets the same session as a sandboxed
 * program: the renderer validates and budgets everything it sends all the same, so a translator
 * bug is a refused transaction, not a corrupted tree. Never run model-written code this way: that
 * is what `attach` and its sandbox are for.
 */
export async function createLocalGenerator<Handle extends { detach(options?: { keep?: boolean }): Promise<void> }>(
  renderer: RemoteAttachTarget<Handle>,
  options: LocalGeneratorOptions,
): Promise<LocalGenerator<Handle>> {
  const [generatorEnd, rendererEnd] = createMemoryChannelPair();
  // Attach first: the renderer's session subscribes to its end of the channel before the
  // handshake's first message is delivered (memory channels deliver one microtask later).
  const lane: InPageLane | undefined = options.lane === true ? {} : undefined;
  const attached = renderer.attachRemote({
    id: options.id,
    name: options.name,
    ...(options.originKind === undefined ? {} : { originKind: options.originKind }),
    outputs: options.outputs,
    ...(options.inputs !== undefined ? { inputs: options.inputs } : {}),
    adopt: options.adopt,
    slotOf: options.slotOf,
    channel: rendererEnd,
    inPage: true,
    ...(lane !== undefined ? { lane } : {}),
  });
  const [generator, handle] = await Promise.all([
    connectGenerator(generatorEnd, {
      name: options.name ?? options.id,
      onUncaught: options.onUncaught,
      ...(lane !== undefined ? { lane } : {}),
    }),
    attached,
  ]);
  const { close: _close, ...api } = generator;
  return Object.freeze({ ...api, handle, close: (closeOptions?: { keep?: boolean }) => handle.detach(closeOptions) });
}
