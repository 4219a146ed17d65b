import { css } from 'lit';

/**
 * Styles every vocabulary element shares: block layout (a default inline custom element made one
 * token cost 17 ms at 3k particles), the visible focus ring, and small utilities. Colours come
 * only from the theme's private variables.
 */
export const baseStyles = css`
  :host {
    display: block;
    font-family: var(--_font);
    color: var(--_color-fg);
    min-width: 0;
  }
  :host([hidden]) {
    display: none;
  }
  /* An element whose module is still loading (renderer/view/elements-on-first-use.ts) holds its place. */
  :not(:defined) {
    display: block;
    min-height: 1.5rem;
    border-radius: var(--_radius-sm);
    background: var(--_color-subtle);
  }
  :focus-visible {
    outline: 3px solid var(--_color-accent);
    outline-offset: 2px;
  }
  .muted {
    color: var(--_color-muted);
  }
  .title {
    font-size: var(--_text-lg);
    font-weight: 600;
    margin: 0 0 calc(var(--_space) / 2);
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .stack {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  svg.icon {
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
    stroke-linejoin: round;
    flex: none;
  }
  .tone-info { --_tone: var(--_color-info); }
  .tone-success { --_tone: var(--_color-success); }
  .tone-warning { --_tone: var(--_color-warning); }
  .tone-error { --_tone: var(--_color-danger); }
  .tone-neutral { --_tone: var(--_color-muted); }
`;

/** Styles of labelled form fields (text-field, text-area, slider, date-field, choices). */
export const fieldStyles = css`
  .field {
    display: flex;
    flex-direction: column;
    gap: var(--_space-1);
  }
  label,
  legend {
    font-weight: 500;
    font-size: var(--_text-sm);
  }
  input:not([type='checkbox']):not([type='radio']):not([type='range']),
  textarea,
  select {
    font: inherit;
    color: var(--_color-fg);
    background: var(--_color-surface);
    border: 1px solid var(--_color-border);
    border-radius: var(--_radius-sm);
    padding: 0 var(--_space-3);
    min-height: calc(var(--_space) * 2.75);
    box-sizing: border-box;
    transition: border-color 0.12s, box-shadow 0.12s;
  }
  textarea {
    padding: var(--_space-2) var(--_space-3);
  }
  select {
    appearance: none;
    cursor: pointer;
    max-width: 100%;
    padding-inline-end: calc(var(--_space) * 2.5);
    background-image: linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%);
    background-position: calc(100% - 16px) 55%, calc(100% - 11px) 55%;
    background-size: 5px 5px;
    background-repeat: no-repeat;
  }
  input:not([type='checkbox']):not([type='radio']):not([type='range']):focus-visible,
  textarea:focus-visible,
  select:focus-visible {
    outline: none;
    border-color: var(--_color-accent);
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--_color-accent) 35%, transparent);
  }
  [aria-invalid='true'] {
    border-color: var(--_color-danger) !important;
  }
  [aria-invalid='true']:focus-visible {
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--_color-danger) 30%, transparent) !important;
  }
  .hint {
    color: var(--_color-muted);
    font-size: var(--_text-xs);
  }
  .error {
    color: var(--_color-danger);
    font-size: var(--_text-xs);
    font-weight: 500;
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  .option {
    display: flex;
    gap: var(--_space-2);
    align-items: center;
  }
  .option label {
    font-weight: 400;
    font-size: var(--_text-md);
  }
  input[type='checkbox'],
  input[type='radio'] {
    accent-color: var(--_color-accent);
    width: 1.1rem;
    height: 1.1rem;
    margin: 0;
  }
  .switch input {
    appearance: none;
    width: 2.4rem;
    height: 1.3rem;
    border-radius: 1rem;
    border: 2px solid var(--_color-border);
    background: var(--_color-subtle);
    position: relative;
    cursor: pointer;
    flex: none;
  }
  .switch input::before {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: calc(1.3rem - 8px);
    height: calc(1.3rem - 8px);
    border-radius: 50%;
    background: var(--_color-muted);
    transition: left 0.15s;
  }
  .switch input:checked {
    background: var(--_color-accent);
    border-color: var(--_color-accent);
  }
  .switch input:checked::before {
    left: calc(2.4rem - 1.3rem + 2px);
    background: var(--_color-bg);
  }
`;
