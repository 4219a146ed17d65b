import { css, html, type PropertyValues } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { conversation } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** How close to the bottom (px) still counts as "following the newest message". */
const FOLLOW_SLACK = 48;

/**
 * `conversation`: a scrolling `role=log` of messages that follows the newest one. It stays pinned
 * to the bottom while the reader is there (new messages and streamed tokens scroll into view) and
 * stops following once they scroll up to read, until they come back down.
 */
export class SuipConversation extends SuipGroupElement {
  static override definition = conversation;
  static override styles = [
    baseStyles,
    css`
      .log { display: flex; flex-direction: column; gap: var(--_space-3); max-height: var(--suip-conversation-height, 26rem); overflow-y: auto; overscroll-behavior: contain; padding: var(--_space-2) var(--_space-1); scroll-padding-bottom: var(--_space-2); }
    `,
  ];

  /** Whether the log is scrolled to (near) its end; starts true so the first paint shows the newest. */
  private following = true;
  private observer: ResizeObserver | undefined;

  private get log(): HTMLElement | null {
    return this.shadowRoot?.querySelector('.log') ?? null;
  }

  private onScroll = (): void => {
    const log = this.log;
    if (log) this.following = log.scrollHeight - log.scrollTop - log.clientHeight <= FOLLOW_SLACK;
  };

  private stick(): void {
    const log = this.log;
    if (log && this.following) log.scrollTop = log.scrollHeight;
  }

  protected override firstUpdated(): void {
    const log = this.log;
    if (!log) return;
    // Streamed tokens grow a message without re-rendering this element: follow size changes too.
    this.observer = new ResizeObserver(() => this.stick());
    new MutationObserver(() => {
      this.observer?.disconnect();
      for (const child of log.children) this.observer?.observe(child);
      this.stick();
    }).observe(log, { childList: true });
    for (const child of log.children) this.observer.observe(child);
    this.stick();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    this.stick();
  }

  protected override render(): unknown {
    return html`<div class="log" role="log" aria-live="polite" aria-label=${this.text('label') ?? 'Conversation'} tabindex="0" @scroll=${this.onScroll}>${this.renderOthers()}</div>`;
  }
}
defineElement('suip-conversation', SuipConversation);
