import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { fire } from '../events.js';
import { ENDONYMS, LOCALES, type Locale } from '../i18n/localization.js';
import { shared } from '../styles/shared.js';

/** The language switch; each language is listed in its own name. */
@localized()
@customElement('sc-language-picker')
export class LanguagePicker extends LitElement {
  @property() locale: Locale = 'en';

  static override styles = [
    shared,
    css`
      select {
        width: auto;
        min-height: 44px;
        padding: 0.2rem 0.4rem;
      }
    `,
  ];

  override render() {
    return html`<select
      aria-label=${msg('Language', { id: 'lang.label' })}
      @change=${(e: Event) => fire(this, 'sc-locale', (e.target as HTMLSelectElement).value as Locale)}
    >
      ${LOCALES.map((l) => html`<option value=${l} lang=${l} ?selected=${l === this.locale}>${ENDONYMS[l]}</option>`)}
    </select>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-language-picker': LanguagePicker;
  }
}
