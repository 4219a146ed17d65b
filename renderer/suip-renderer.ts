import { createRenderer } from './renderer.ts';
import type { AttachOptions, GeneratorHandle, Renderer, RendererOptions, TrafficRecord } from './renderer-types.ts';

/**
 * `<suip-renderer>`: a renderer as an element. Set `options` before it is connected (or call
 * `attach` right away with the defaults). `suip-status` / `suip-error` bubble from it.
 */
export class SuipRenderer extends HTMLElement {
  /** Options used when the renderer is created (on first use). */
  options: RendererOptions = {};
  private current: Renderer | undefined;

  /** Shorthand for `options.limits` (before first use). */
  set limits(limits: RendererOptions['limits']) {
    this.options = { ...this.options, limits };
  }

  get limits(): RendererOptions['limits'] {
    return this.options.limits;
  }

  /** The renderer behind the element (created on first use with `options`). */
  get renderer(): Renderer {
    this.current ??= createRenderer(this, this.options);
    return this.current;
  }

  private get instance(): Renderer {
    return this.renderer;
  }

  connectedCallback(): void {
    if (!this.style.display) this.style.display = 'block';
  }

  /** See `Renderer.attach`. */
  attach(options: AttachOptions): Promise<GeneratorHandle> {
    return this.instance.attach(options);
  }

  /** See `Renderer.detach`. */
  detach(id: string): Promise<void> {
    return this.instance.detach(id);
  }

  /** See `Renderer.snapshot`. */
  snapshot(): unknown {
    return this.instance.snapshot();
  }

  /** See `Renderer.onTraffic`. */
  onTraffic(listener: (record: TrafficRecord) => void): () => void {
    return this.instance.onTraffic(listener);
  }

  /** See `Renderer.destroy`; the element can be reused afterwards with a fresh renderer. */
  async destroy(): Promise<void> {
    const renderer = this.current;
    this.current = undefined;
    await renderer?.destroy();
  }
}

if (!customElements.get('suip-renderer')) customElements.define('suip-renderer', SuipRenderer);

declare global {
  interface HTMLElementTagNameMap {
    'suip-renderer': SuipRenderer;
  }
}
