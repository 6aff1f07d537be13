import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { RoleId } from '../../../shared/roles/index.js';
import type { PresetId, Settings } from '../../../shared/rules/settings.js';
import { fire } from '../events.js';
import { roleName } from '../i18n/names.js';
import {
  forumSettingName,
  metaName,
  optionName,
  presetBlurb,
  presetName,
  sectionName,
  settingName,
  timerName,
} from '../i18n/setting-labels.js';
import {
  applies,
  dealableRoles,
  defaultsOf,
  type Field,
  fieldsOf,
  PRESET_LIST,
  rolesOf,
  SECTIONS,
} from '../logic/settings-fields.js';
import { shared } from '../styles/shared.js';

/**
 * Every setting of a preset with its default, timers included. The fields come from the preset's defaults
 * (logic/settings-fields.ts); each change sends the whole new settings object up (`sc-settings`).
 */
@localized()
@customElement('sc-settings-form')
export class SettingsForm extends LitElement {
  @property({ attribute: false }) settings: Settings = defaultsOf('online');
  /** Players seated (lobby) or expected: the preset's role table depends on it. */
  @property({ type: Number }) players = 0;

  static override styles = [
    shared,
    css`
      details {
        border-top: 1px solid var(--line);
        padding: 0.25rem 0;
      }
      summary {
        min-height: 44px;
        display: flex;
        align-items: center;
        font-weight: 700;
        cursor: pointer;
      }
      .check {
        display: flex;
        align-items: center;
        gap: 0.6rem;
        font-weight: 500;
        min-height: 44px;
      }
      .check input {
        width: 24px;
        min-height: 24px;
        height: 24px;
        flex: none;
      }
      .pair,
      .counts {
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: 0.5rem;
      }
      /* A label that wraps (Russian timers) must not push its input below its neighbour's. */
      .pair > div {
        display: flex;
        flex-direction: column;
        justify-content: flex-end;
      }
      .counts label,
      .pair label {
        font-weight: 500;
        font-size: 0.9rem;
      }
      fieldset {
        border: 0;
        margin: 0;
        padding: 0;
      }
      legend {
        font-weight: 600;
        margin: 0.5rem 0 0.25rem;
        padding: 0;
      }
    `,
  ];

  override render() {
    const s = this.settings;
    const roles = dealableRoles(s);
    const fields = fieldsOf(defaultsOf(s.preset)).filter((f) => applies(f.key, s, roles));
    return html`<label for="preset">${settingName('preset')}</label>
      <select id="preset" @change=${(e: Event) => this.pickPreset((e.target as HTMLSelectElement).value as PresetId)}>
        ${PRESET_LIST.map((p) => html`<option value=${p} ?selected=${p === s.preset}>${presetName(p)}</option>`)}
      </select>
      <p class="muted">${presetBlurb(s.preset)}</p>
      ${SECTIONS.map((section) => {
        const inSection = fields.filter((f) => f.section === section);
        if (inSection.length === 0) return '';
        return html`<details ?open=${section === 'game'}>
          <summary>${sectionName(section)}</summary>
          ${inSection.map((f) => this.field(f))}
        </details>`;
      })}`;
  }

  private pickPreset(preset: PresetId): void {
    this.emit(defaultsOf(preset));
  }

  private emit(settings: Settings): void {
    fire(this, 'sc-settings', settings);
  }

  private set<K extends keyof Settings>(key: K, value: Settings[K]): void {
    this.emit({ ...this.settings, [key]: value });
  }

  private field(f: Field) {
    const s = this.settings;
    const id = `f-${f.key}`;
    switch (f.kind) {
      case 'choice':
        return html`<label for=${id}>${settingName(f.key)}</label>
          <select id=${id} @change=${(e: Event) => this.set(f.key, (e.target as HTMLSelectElement).value as never)}>
            ${f.options.map((o) => html`<option value=${o} ?selected=${s[f.key] === o}>${optionName(f.key, o)}</option>`)}
          </select>`;
      case 'boolean':
        return html`<label class="check"
          ><input
            type="checkbox"
            .checked=${Boolean(s[f.key])}
            @change=${(e: Event) => this.set(f.key, (e.target as HTMLInputElement).checked as never)}
          />${settingName(f.key)}</label
        >`;
      case 'number':
        return html`<label for=${id}>${settingName(f.key)}</label>
          <input
            id=${id}
            type="number"
            inputmode="numeric"
            min=${f.min}
            max=${f.max}
            .value=${String(s[f.key])}
            @change=${(e: Event) => this.set(f.key, clampInt((e.target as HTMLInputElement).value, f.min, f.max) as never)}
          />`;
      case 'seat':
        return html`<label for=${id}>${settingName('immunity')}</label>
          <input
            id=${id}
            type="number"
            inputmode="numeric"
            min="1"
            max="30"
            placeholder=${msg('none', { id: 'form.none' })}
            .value=${s.immunity === null ? '' : String(s.immunity)}
            @change=${(e: Event) => {
              const raw = (e.target as HTMLInputElement).value;
              this.set('immunity', raw === '' ? null : clampInt(raw, 1, 30));
            }}
          />`;
      case 'pair': {
        const pair = s[f.key];
        const put = (i: 0 | 1, raw: string) => {
          const next: [number, number] = [pair[0], pair[1]];
          next[i] = Number.parseFloat(raw) || 0;
          this.set(f.key, next);
        };
        return html`<fieldset>
          <legend>${settingName(f.key)}</legend>
          <div class="pair">
            ${([0, 1] as const).map(
              (i) => html`<input
                type="number"
                step="0.1"
                aria-label=${`${settingName(f.key)} ${i + 1}`}
                .value=${String(pair[i])}
                @change=${(e: Event) => put(i, (e.target as HTMLInputElement).value)}
              />`,
            )}
          </div>
        </fieldset>`;
      }
      case 'timers':
        return html`<div class="pair">
          ${f.keys.map(
            (k) => html`<div>
              <label for=${`t-${k}`}>${timerName(k)}</label>
              <input
                id=${`t-${k}`}
                type="number"
                inputmode="numeric"
                min="0"
                max=${MAX_TIMER}
                .value=${String(s.timers[k])}
                @change=${(e: Event) =>
                  this.set('timers', {
                    ...s.timers,
                    [k]: clampInt((e.target as HTMLInputElement).value, 0, MAX_TIMER),
                  })}
              />
            </div>`,
          )}
        </div>`;
      case 'meta':
        return html`${f.keys.map(
          (k) => html`<label for=${`m-${k}`}>${metaName(k)}</label>
            <input
              id=${`m-${k}`}
              maxlength="120"
              .value=${s.meta[k]}
              @change=${(e: Event) => this.set('meta', { ...s.meta, [k]: (e.target as HTMLInputElement).value })}
            />`,
        )}`;
      case 'roles':
        return this.rolesField();
      case 'forum':
        // The forum game's tables mean nothing to the other rule sets.
        if (s.preset !== 'forum') return '';
        return html`<fieldset>
          <legend>${settingName('forum')}</legend>
          <label class="check"
            ><input
              type="checkbox"
              .checked=${s.forum.autoDen}
              @change=${(e: Event) =>
                this.set('forum', { ...s.forum, autoDen: (e.target as HTMLInputElement).checked })}
            />${forumSettingName('autoDen')}</label
          >
          ${f.keys.map(
            (k) => html`<label for=${`fo-${k}`}>${forumSettingName(k)}</label>
              <input
                id=${`fo-${k}`}
                type="number"
                inputmode="numeric"
                min="0"
                max="1000"
                .value=${String(s.forum[k])}
                @change=${(e: Event) =>
                  this.set('forum', {
                    ...s.forum,
                    [k]: clampInt((e.target as HTMLInputElement).value, 0, 1000),
                  })}
              />`,
          )}
        </fieldset>`;
    }
  }

  private rolesField() {
    const s = this.settings;
    const custom = Object.keys(s.roles).length > 0;
    const special = rolesOf(s.preset).filter((r) => r !== 'civilian');
    const put = (role: RoleId, raw: string) =>
      this.set('roles', { ...s.roles, [role]: clampInt(raw, 0, 30) });
    return html`<fieldset>
      <legend>${settingName('roles')}</legend>
      <label class="check"
        ><input
          type="checkbox"
          .checked=${!custom}
          @change=${(e: Event) => {
            const useTable = (e.target as HTMLInputElement).checked;
            // The forum game deals no Sheriff: its own list starts with a mafioso alone.
            const sheriff = rolesOf(s.preset).includes('sheriff') ? { sheriff: 1 } : {};
            this.set('roles', useTable ? {} : { mafia: 1, ...sheriff });
          }}
        />${msg('The preset’s table for the number of players', { id: 'form.rolesTable' })}</label
      >
      ${
        custom
          ? html`<div class="counts">
            ${special.map(
              (r) => html`<div>
                <label for=${`r-${r}`}>${roleName(r)}</label>
                <input
                  id=${`r-${r}`}
                  type="number"
                  inputmode="numeric"
                  min="0"
                  max="30"
                  .value=${String(s.roles[r] ?? 0)}
                  @change=${(e: Event) => put(r, (e.target as HTMLInputElement).value)}
                />
              </div>`,
            )}
          </div>
          <p class="muted">${msg('Everyone else is a Civilian.', { id: 'form.rest' })}</p>`
          : ''
      }
    </fieldset>`;
  }
}

/** The server takes timers up to a week: the forum game's day lasts 24 hours. */
const MAX_TIMER = 7 * 24 * 3600;

function clampInt(raw: string, min: number, max: number): number {
  const n = Number.parseInt(raw, 10);
  if (Number.isNaN(n)) return min;
  return Math.min(max, Math.max(min, n));
}

declare global {
  interface HTMLElementTagNameMap {
    'sc-settings-form': SettingsForm;
  }
}
