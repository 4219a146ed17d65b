import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { safeLink } from '../media.ts';
import { linkCard } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';
import { policyAt } from '../refusals.ts';

/** `link-card`: a boxed link; the whole card is one policy-checked anchor. */
export class SuipLinkCard extends SuipGroupElement {
  static override definition = linkCard;
  static override styles = [
    baseStyles,
    css`
      a, .card { display: flex; flex-direction: column; gap: 2px; padding: var(--_space-3) var(--_space-4); border: 1px solid var(--_color-border-subtle); border-radius: var(--_radius); background: var(--_color-surface); color: var(--_color-fg); text-decoration: none; transition: border-color 0.12s; }
      a:hover { border-color: var(--_color-accent); }
      .title { color: var(--_color-accent); text-decoration: underline; text-underline-offset: 2px; font-weight: 600; margin: 0; font-size: var(--_text-md); }
      .host { font-size: var(--_text-xs); }
    `,
  ];

  protected override render(): unknown {
    const url = this.child('url');
    const href =
      url && 'data' in url && typeof url.data === 'string'
        ? (this.context && policyAt(this.context, [...this.path, 'url']))?.linkHref(url.data)
        : undefined;
    const description = this.text('description');
    const body = html`<span class="title">${this.text('title') ?? ''}</span>
      ${description === undefined ? '' : html`<span>${description}</span>`}
      <span class="host muted">${href === undefined ? 'Link not allowed here' : new URL(href).host || href.split(':')[0]}</span>`;
    return href === undefined ? html`<div class="card">${body}</div>` : safeLink(href, body);
  }
}
defineElement('suip-link-card', SuipLinkCard);
