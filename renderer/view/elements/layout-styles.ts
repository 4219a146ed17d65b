import { css } from 'lit';

/** Shared look of boxed containers (card, section, modal content). */
export const boxStyles = css`
  .box {
    background: var(--_color-surface);
    border: 1px solid var(--_color-border);
    border-radius: var(--_radius);
    padding: var(--_space);
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  h2 {
    font-size: 1.15rem;
    font-weight: 600;
    margin: 0;
  }
`;
