import { css } from 'lit';

/**
 * A modal `<dialog>` drawn as a sheet rising from the bottom of the screen, its keys under the thumb. The
 * browser traps focus inside it and closes it on Escape; the elements return focus to what opened it.
 */
export const dialogSheet = css`
  dialog {
    width: 100%;
    max-width: 560px;
    max-height: 90dvh;
    margin: auto auto 0;
    padding: 1rem 1rem calc(1rem + env(safe-area-inset-bottom));
    border: 1px solid var(--line);
    border-bottom: 0;
    border-radius: 16px 16px 0 0;
    background: var(--surface);
    color: var(--fg);
    overflow-y: auto;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 55%);
  }
  .keys {
    display: flex;
    gap: 0.5rem;
    margin-top: 1rem;
  }
  .keys > button {
    flex: 1 1 0;
    overflow-wrap: anywhere;
  }
`;

/** A tap on the backdrop around the sheet (not on its own padding) closes it, as Escape does. */
export function closeOnBackdrop(dialog: HTMLDialogElement, e: MouseEvent): void {
  if (e.target !== dialog) return;
  const r = dialog.getBoundingClientRect();
  const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
  if (!inside) dialog.close();
}
