import { css } from 'lit';

/**
 * Buttons: primary (solid accent), secondary (outlined neutral), danger (outlined, red text). One
 * height for all (2.5 × the spacing unit's 0.75), so rows of mixed buttons line up.
 */
export const buttonStyles = css`
  button {
    font: inherit;
    font-size: var(--_text-sm);
    font-weight: 600;
    line-height: 1.2;
    min-height: calc(var(--_space) * 2.75);
    border-radius: var(--_radius-sm);
    padding: 0 var(--_space-4);
    cursor: pointer;
    border: 1px solid var(--_color-accent-strong);
    background: var(--_color-accent-strong);
    color: var(--_color-on-accent);
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: var(--_space-1);
    transition: filter 0.12s, background-color 0.12s;
  }
  button:hover:not(:disabled) {
    filter: brightness(1.08);
  }
  button.secondary {
    background: var(--_color-surface);
    color: var(--_color-fg);
    border-color: var(--_color-border);
  }
  button.secondary:hover:not(:disabled) {
    filter: none;
    background: var(--_color-subtle);
  }
  button.danger {
    background: var(--_color-surface);
    color: var(--_color-danger);
    border-color: var(--_color-danger);
  }
  button.danger:hover:not(:disabled) {
    filter: none;
    background: color-mix(in srgb, var(--_color-danger) 10%, var(--_color-surface));
  }
  button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;
