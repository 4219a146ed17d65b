import { css } from 'lit';

/** Buttons: primary (accent), secondary (outlined) and danger. */
export const buttonStyles = css`
  button {
    font: inherit;
    font-weight: 600;
    border-radius: calc(var(--_radius) / 2);
    padding: 6px 14px;
    cursor: pointer;
    border: 2px solid var(--_color-accent-strong);
    background: var(--_color-accent-strong);
    color: var(--_color-on-accent);
  }
  button.secondary {
    background: var(--_color-bg);
    color: var(--_color-fg);
    border-color: var(--_color-border);
  }
  button.danger {
    background: var(--_color-bg);
    color: var(--_color-danger);
    border-color: var(--_color-danger);
  }
  button:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;
