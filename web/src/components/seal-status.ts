import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { SealVerdict } from '../../../shared/audit/seal.js';
import { shared } from '../styles/shared.js';

/** Where the check of a log's signature stands: asked, impossible here, or the verdict. */
export type SealCheck =
  | { kind: 'checking' }
  | { kind: 'unavailable'; why: 'noCrypto' | 'noKey'; message: string }
  | SealVerdict;

/**
 * The replay's word on the log's signature, checked in this browser against the key the server publishes:
 * "Signed by this server: verified", or why not — no signature, another key's, or a log changed since it
 * was signed (with the audit's reason, in its own words, beneath).
 */
@localized()
@customElement('sc-seal-status')
export class SealStatus extends LitElement {
  @property({ attribute: false }) check: SealCheck = { kind: 'checking' };

  static override styles = [
    shared,
    css`
      .bad {
        color: var(--danger);
        font-weight: 700;
      }
      .why {
        overflow-wrap: anywhere;
      }
    `,
  ];

  override render() {
    const c = this.check;
    switch (c.kind) {
      case 'checking':
        return html`<p class="muted" role="status">
          ${msg('Checking the server’s signature…', { id: 'seal.checking' })}
        </p>`;
      case 'verified':
        return html`<p class="ok" role="status" data-seal="verified">
          ${msg('Signed by this server: verified.', { id: 'seal.verified' })}
        </p>`;
      case 'unavailable':
        return html`<p class="muted" role="status" data-seal="unavailable">
          ${
            c.why === 'noCrypto'
              ? msg('This browser cannot check signatures on this page (it needs HTTPS).', {
                  id: 'seal.noCrypto',
                })
              : msg(
                  str`The server’s key could not be read, so the signature was not checked (${c.message}).`,
                  {
                    id: 'seal.noKey',
                  },
                )
          }
        </p>`;
      case 'unsigned':
        return this.failed(
          'unsigned',
          msg(
            'Not signed: this log carries no signature of the server, so nothing shows it is the log it kept.',
            {
              id: 'seal.unsigned',
            },
          ),
          null,
        );
      case 'otherKey':
        return this.failed(
          'otherKey',
          msg('Signed by another key, not this server’s: this log was not sealed here.', {
            id: 'seal.otherKey',
          }),
          c.reason,
        );
      case 'broken':
        return this.failed(
          'broken',
          msg('Signature check failed: the log was changed after the server signed it.', {
            id: 'seal.broken',
          }),
          c.reason,
        );
    }
  }

  private failed(kind: string, text: string, why: string | null) {
    return html`<div role="alert" data-seal=${kind}>
      <p class="bad">${text}</p>
      ${why === null ? '' : html`<p class="muted why">${why}.</p>`}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-seal-status': SealStatus;
  }
}
