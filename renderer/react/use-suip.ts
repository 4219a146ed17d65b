import { useEffect, useRef, useState, type RefObject } from 'react';
import type {
  GeneratorHandle,
  GeneratorStatus,
  Renderer,
  RendererOptions,
  SuipErrorDetail,
  SuipStatusDetail,
} from '../renderer-types.ts';

/** What `useSuip` takes: the program and how it talks to the host. */
export interface UseSuipOptions {
  /** The model's program; a new string re-attaches (adopting what is on screen, so nothing flashes). */
  code: string;
  /** Mount id (default "program"). */
  id?: string;
  /** Renderer options, read once when the renderer is created. */
  options?: RendererOptions;
  /** Channels the program may `output` on. */
  outputs?: readonly string[];
  /** Values sent with `suip/input`, one channel each; sent again whenever a value changes (by identity). */
  inputs?: Readonly<Record<string, unknown>>;
  /** Every `suip/output` of the program. */
  onOutput?(channel: string, value: unknown): void;
}

/** What `useSuip` returns. */
export interface UseSuipResult {
  /** Put this on the element the UI renders into. */
  ref: RefObject<HTMLDivElement | null>;
  status: GeneratorStatus | 'idle';
  /** The last error the renderer reported (a refused op, an exception), for a repair loop. */
  error: SuipErrorDetail['error'] | undefined;
  /** The renderer, once created (client only). */
  renderer: Renderer | undefined;
}

/**
 * Attach a program to a renderer in a React component. SSR-safe: nothing touches the DOM or loads
 * the renderer (custom elements) until the effect runs in the browser.
 */
export function useSuip({ code, id = 'program', options, outputs, inputs, onOutput }: UseSuipOptions): UseSuipResult {
  const ref = useRef<HTMLDivElement | null>(null);
  const [renderer, setRenderer] = useState<Renderer>();
  const [status, setStatus] = useState<GeneratorStatus | 'idle'>('idle');
  const [error, setError] = useState<SuipErrorDetail['error']>();
  const handle = useRef<GeneratorHandle | undefined>(undefined);
  const latest = useRef({ onOutput, inputs });
  latest.current = { onOutput, inputs };
  const optionsOnce = useRef(options);

  useEffect(() => {
    const container = ref.current;
    if (container === null) return;
    let alive = true;
    let created: Renderer | undefined;
    const onStatus = (event: Event) => setStatus((event as CustomEvent<SuipStatusDetail>).detail.status);
    const onError = (event: Event) => setError((event as CustomEvent<SuipErrorDetail>).detail.error);
    container.addEventListener('suip-status', onStatus);
    container.addEventListener('suip-error', onError);
    void import('../renderer.ts').then(({ createRenderer }) => {
      if (!alive) return;
      created = createRenderer(container, optionsOnce.current);
      setRenderer(created);
    });
    return () => {
      alive = false;
      container.removeEventListener('suip-status', onStatus);
      container.removeEventListener('suip-error', onError);
      void created?.destroy();
    };
  }, []);

  const outputKey = (outputs ?? []).join(',');
  useEffect(() => {
    if (renderer === undefined) return;
    let cancelled = false;
    const previous = handle.current;
    // A new program takes over what the previous one shows (keep + adopt): no flash, focus kept.
    const start = async () => {
      if (previous !== undefined) await previous.detach({ keep: true });
      const attached = await renderer.attach({
        id,
        code,
        outputs: outputKey === '' ? [] : outputKey.split(','),
        adopt: previous !== undefined,
      });
      if (cancelled) return void attached.detach();
      handle.current = attached;
      attached.onOutput((channel, value) => latest.current.onOutput?.(channel, value));
      for (const [channel, value] of Object.entries(latest.current.inputs ?? {})) attached.input(channel, value);
    };
    start().catch((thrown: unknown) =>
      setError({ code: -32603, message: thrown instanceof Error ? thrown.message : String(thrown) }),
    );
    return () => {
      cancelled = true;
    };
  }, [renderer, code, id, outputKey]);

  useEffect(() => {
    const attached = handle.current;
    if (attached === undefined || attached.status !== 'ready' || inputs === undefined) return;
    for (const [channel, value] of Object.entries(inputs)) attached.input(channel, value);
  }, [inputs]);

  return { ref, status, error, renderer };
}
