import { css, LitElement, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import qrcode from 'qrcode-generator';

/** A QR code as SVG, drawn from the matrix (no markup strings, no canvas): sharp at any size, printable. */
@customElement('sc-qr-code')
export class QrCode extends LitElement {
  @property() text = '';
  @property() label = '';

  static override styles = css`
    :host {
      display: block;
      background: #fff;
      padding: 8px;
      border-radius: 12px;
      width: min(240px, 70vw);
    }
    svg {
      display: block;
      width: 100%;
      height: auto;
    }
  `;

  override render() {
    if (!this.text) return svg``;
    const qr = qrcode(0, 'M');
    qr.addData(this.text);
    qr.make();
    const n = qr.getModuleCount();
    let d = '';
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 2},${r + 2}h1v1h-1z`;
    const size = n + 4;
    return svg`<svg viewBox="0 0 ${size} ${size}" role="img" aria-label=${this.label} shape-rendering="crispEdges">
      <rect width=${size} height=${size} fill="#fff"></rect>
      <path d=${d} fill="#000"></path>
    </svg>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-qr-code': QrCode;
  }
}
