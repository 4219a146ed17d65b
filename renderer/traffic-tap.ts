import { utf8Length } from '../shared/message.ts';
import { reportLater } from './generator-lifecycle.ts';
import type { TrafficRecord } from './renderer-types.ts';

/** The devtools tap (`Renderer.onTraffic`): every message in and out, to whoever listens. */
export class TrafficTap {
  private readonly listeners = new Set<(record: TrafficRecord) => void>();

  /** Listen; the returned function stops listening. */
  listen(listener: (record: TrafficRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One message of generator `generatorId`; costs nothing while nobody listens. */
  record(generatorId: string, direction: 'in' | 'out', text: string): void {
    if (this.listeners.size === 0) return;
    const record: TrafficRecord = { generatorId, direction, text, bytes: utf8Length(text), time: performance.now() };
    for (const listener of this.listeners) {
      try {
        listener(record);
      } catch (error) {
        // A devtools listener's bug must not break the session it watches.
        reportLater(error);
      }
    }
  }
}
