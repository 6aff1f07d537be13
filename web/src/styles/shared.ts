import { css } from 'lit';

/**
 * What every element shares: buttons big enough for a thumb (44 px), a visible focus ring for keyboards,
 * and colours only from the theme's custom properties (index.html), so the night theme reaches everything.
 */
export const shared = css`
  :host {
    display: block;
    color: var(--fg);
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  h1,
  h2,
  h3 {
    margin: 0 0 0.5rem;
    line-height: 1.2;
  }
  h2 {
    font-size: 1.15rem;
  }
  h3 {
    font-size: 1rem;
  }
  p {
    margin: 0 0 0.5rem;
  }
  button,
  .button {
    font: inherit;
    min-height: 44px;
    min-width: 44px;
    padding: 0.5rem 1rem;
    border-radius: 12px;
    border: 2px solid var(--line);
    background: var(--surface);
    color: var(--fg);
    cursor: pointer;
    text-decoration: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.4rem;
  }
  button.primary,
  .button.primary {
    background: var(--accent);
    border-color: var(--accent);
    color: var(--on-accent);
    font-weight: 600;
  }
  button.danger {
    border-color: var(--danger);
    color: var(--danger);
  }
  button[disabled] {
    opacity: 0.55;
    cursor: not-allowed;
  }
  button:focus-visible,
  .button:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible,
  summary:focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
  }
  input,
  select,
  textarea {
    font: inherit;
    min-height: 44px;
    padding: 0.4rem 0.6rem;
    border-radius: 10px;
    border: 2px solid var(--line);
    background: var(--surface);
    color: var(--fg);
    width: 100%;
  }
  /* A choice's words wrap inside its box instead of being cut off at the phone's edge (customizable select;
     browsers without it keep the native one). */
  select,
  select::picker(select) {
    appearance: base-select;
  }
  select {
    white-space: normal;
    text-align: start;
  }
  select::picker(select) {
    border: 2px solid var(--line);
    border-radius: 10px;
    background: var(--surface);
    color: var(--fg);
  }
  label {
    display: block;
    font-weight: 600;
    margin: 0.5rem 0 0.25rem;
  }
  .card {
    background: var(--surface);
    border: 1px solid var(--line);
    border-radius: 16px;
    padding: 1rem;
    margin: 0 0 0.75rem;
  }
  .muted {
    color: var(--muted);
  }
  .row {
    display: flex;
    gap: 0.5rem;
    flex-wrap: wrap;
    align-items: center;
  }
  .stack > * + * {
    margin-top: 0.5rem;
  }
  .grow {
    flex: 1 1 auto;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
