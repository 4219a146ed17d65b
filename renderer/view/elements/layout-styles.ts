import { css } from 'lit';

/** Shared look of boxed containers (card, section, modal content). */
export const boxStyles = css`
  .box {
    background: var(--_color-surface);
    border: 1px solid var(--_color-border-subtle);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow-1);
    padding: var(--_space-4);
    display: flex;
    flex-direction: column;
    gap: var(--_space-3);
  }
  h2 {
    font-size: var(--_text-lg);
    font-weight: 600;
    line-height: 1.3;
    letter-spacing: -0.01em;
    margin: 0;
  }
`;
