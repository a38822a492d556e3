// Fragments shared by the pages: links to EntityRefs, numbers, story and move lists, sparklines, and a plain
// rendering of any record for the fields a page does not lay out itself.
import { bpText } from '../../core/units.js';
import { decimals, signedPct, usdCompact } from '../../core/figures.js';
import type { Event } from '../../core/schemas/events.js';
import type { Move } from '../../core/schemas/moves.js';
import type { MacroDisplayMode } from '../../core/vocabulary.js';
import { html, Html, type Part } from './html.js';

export interface RefLike {
  type: string;
  key: string;
  label: string;
  path: string | null;
}

export function isRef(value: unknown): value is RefLike {
  const v = value as RefLike;
  return typeof v === 'object' && v !== null && typeof v.type === 'string' && typeof v.key === 'string' && typeof v.label === 'string' && 'path' in v;
}

/** A notice above a page's content that what it shows is not current; `hidden` for one a live script shows when it is. */
export function banner(id: string, text: Part, hidden = false): Html {
  return html`<p class="banner" id="${id}" role="status"${hidden ? ' hidden' : ''}>${text}</p>`;
}

/** An EntityRef as a link to its page, or as plain text when it has none. */
export function refLink(ref: RefLike | null | undefined, text?: Part): Html {
  if (!ref) return html``;
  return ref.path ? html`<a href="${ref.path}">${text ?? ref.label}</a>` : html`<span>${text ?? ref.label}</span>`;
}

export function fmtNum(value: number | null | undefined, digits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return decimals(value, digits ?? (Math.abs(value) >= 1 ? 2 : 4));
}

export function fmtPct(value: number | null | undefined): Html {
  if (value === null || value === undefined || !Number.isFinite(value)) return html`<span class="muted">—</span>`;
  return html`<span class="${signClass(value)}">${value > 0 ? '+' : ''}${value.toFixed(2)}%</span>`;
}

/** A move's size: a rate's in basis points, any other's in percent. */
export function fmtMove(m: { pct: number; changeBp: number | null }): Html {
  if (m.changeBp === null) return fmtPct(m.pct);
  return html`<span class="${signClass(m.changeBp)}">${bpText(m.changeBp)}</span>`;
}

/** The class a signed change is coloured by. */
const signClass = (x: number) => (x > 0 ? 'up' : x < 0 ? 'down' : '');

export function fmtUsd(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : usdCompact(value);
}

interface Headlined {
  displayMode: MacroDisplayMode;
  headline: number | null;
  units: string | null;
}

/**
 * A series' headline as its display mode means it: a level or rate in its units (3.75%), a change with its sign
 * (+211), a percent change with its sign (+2.73%); never a percent change beside the units of the level.
 */
export function macroHeadline(m: Headlined): string {
  if (m.headline === null) return '—';
  if (m.displayMode === 'pct_change_mom' || m.displayMode === 'pct_change_yoy') return signedPct(m.headline);
  const digits = Number.isInteger(m.headline) ? 0 : 2;
  if (m.displayMode === 'change') return `${m.headline > 0 ? '+' : ''}${decimals(m.headline, 0, 2)}`;
  return m.units === 'Percent' ? `${decimals(m.headline, 2)}%` : decimals(m.headline, digits, 2);
}

/** What the headline number is: its units, or the period a percent change is over. */
export function macroHeadlineUnit(m: Headlined): string {
  if (m.displayMode === 'pct_change_yoy') return 'from a year before';
  if (m.displayMode === 'pct_change_mom') return 'from the period before';
  if (m.displayMode === 'change') return `${m.units ?? ''} from the period before`.trim();
  return m.units === 'Percent' ? '' : (m.units ?? '');
}

export function fmtTime(iso: string | null | undefined): Html {
  if (!iso) return html`<span class="muted">—</span>`;
  return html`<time datetime="${iso}">${iso.replace('T', ' ').replace(/(:\d\d)(\.\d+)?Z$/, '$1 UTC')}</time>`;
}

/** A list of stories: headline linking to its page, source and time, the entities it names. */
export function storyList(events: readonly Event[], empty = 'No stories.'): Html {
  if (!events.length) return html`<p class="muted">${empty}</p>`;
  return html`<ul class="stories">${events.map(
    (e) => html`<li><a href="/events/${e.id}">${e.headline}</a> <span class="muted">· ${e.sourceName} · ${fmtTime(e.occurredAt)} · importance ${e.importance}</span></li>`,
  )}</ul>`;
}

/** Moves as a table: instrument, date (linking to the explanation), change, z-score, and what caused it. */
export function moveTable(moves: readonly Move[], empty = 'No unusual moves.'): Html {
  if (!moves.length) return html`<p class="muted">${empty}</p>`;
  return html`<table><thead><tr><th>Instrument</th><th>Date</th><th class="num">Change</th><th class="num">z</th><th>Why</th></tr></thead><tbody>${moves.map(
    (m) => html`<tr><td>${refLink(m.instrument)}</td><td>${refLink(m, m.date)}</td><td class="num">${fmtMove(m)}</td><td class="num">${fmtNum(m.zScore, 1)}</td><td>${moveWhy(m)}</td></tr>`,
  )}</tbody></table>`;
}

function moveWhy(m: Move): Html {
  if (m.causes.length) return html`${m.causes.slice(0, 2).map((e) => html`<a href="/events/${e.id}">${e.headline}</a> `)}`;
  if (m.candidateStories?.length) return html`<span class="muted">unconfirmed:</span> <a href="/events/${m.candidateStories[0]!.id}">${m.candidateStories[0]!.headline}</a>`;
  return html`<span class="muted">${m.explanation ?? 'no cause found'}</span>`;
}

/** An inline SVG line of `points` (nulls skipped): drawn by the server, so a sparkline needs no script. */
export function sparkline(points: readonly (number | null)[], up: boolean): Html {
  const values = points.filter((p): p is number => p !== null && Number.isFinite(p));
  if (values.length < 2) return html`<svg viewBox="0 0 100 28" aria-hidden="true"></svg>`;
  const lo = Math.min(...values);
  const span = Math.max(...values) - lo || 1;
  const step = 100 / (points.length - 1);
  const d = points
    .map((p, i) => (p === null ? null : `${(i * step).toFixed(1)},${(26 - ((p - lo) / span) * 24).toFixed(1)}`))
    .filter(Boolean)
    .join(' ');
  return html`<svg viewBox="0 0 100 28" preserveAspectRatio="none" aria-hidden="true"><polyline fill="none" stroke="${up ? '#0a7d3c' : '#c0262d'}" stroke-width="1.5" points="${d}"/></svg>`;
}

function label(key: string): string {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** Only http(s) addresses become links: a source's `javascript:` URL stays text. */
export function isUrl(value: string): boolean {
  return /^https?:\/\/[^\s]+$/.test(value);
}

/** Any value as HTML: refs as links, URLs as links, arrays of records as tables, records as fact lists. */
export function anyValue(value: unknown, depth = 0): Html {
  if (value === null || value === undefined) return html`<span class="muted">—</span>`;
  if (typeof value === 'number') return html`${fmtNum(value, Number.isInteger(value) ? 0 : undefined)}`;
  if (typeof value === 'boolean') return html`${value ? 'yes' : 'no'}`;
  if (typeof value === 'string') return isUrl(value) ? html`<a href="${value}" rel="noopener nofollow">${value}</a>` : html`${value}`;
  if (isRef(value)) return refLink(value);
  if (Array.isArray(value)) {
    if (!value.length) return html`<span class="muted">none</span>`;
    if (value.every(isRef)) return html`${value.map((r, i) => html`${i ? ', ' : ''}${refLink(r)}`)}`;
    if (value.every((v) => typeof v !== 'object' || v === null)) return html`${value.map((v, i) => html`${i ? ', ' : ''}${anyValue(v)}`)}`;
    return recordTable(value as Record<string, unknown>[], depth);
  }
  if (typeof value === 'object') return facts(value as Record<string, unknown>, depth + 1);
  return html`${String(value)}`;
}

/** Rows of records as one table, its columns the union of their fields. */
export function recordTable(rows: readonly Record<string, unknown>[], depth = 0): Html {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r ?? {})))].filter((c) => !(c === 'type' || c === 'key' || c === 'path') || !rows.every(isRef));
  const first = rows.every(isRef) ? ['label', ...columns.filter((c) => c !== 'label')] : columns;
  return html`<table><thead><tr>${first.map((c) => html`<th>${label(c)}</th>`)}</tr></thead><tbody>${rows.map(
    (r) => html`<tr>${first.map((c) => html`<td>${c === 'label' && isRef(r) ? refLink(r) : anyValue(r[c], depth + 1)}</td>`)}</tr>`,
  )}</tbody></table>`;
}

/** A record's fields as a definition list, `skip` left out (the page shows them itself). */
export function facts(record: Record<string, unknown>, depth = 0, skip: readonly string[] = []): Html {
  const entries = Object.entries(record).filter(([k, v]) => !skip.includes(k) && v !== undefined);
  if (depth > 3) return html`<code>${JSON.stringify(record)}</code>`;
  return html`<dl class="facts">${entries.map(([k, v]) => html`<dt>${label(k)}</dt><dd>${anyValue(v, depth)}</dd>`)}</dl>`;
}

/** Sections for a record's array fields (tables or link lists), each under its own heading. */
export function sections(record: Record<string, unknown>, skip: readonly string[] = []): Html {
  const lists = Object.entries(record).filter(([k, v]) => Array.isArray(v) && !skip.includes(k));
  return html`${lists.map(([k, v]) => html`<h2>${label(k)}</h2>${isEventList(v) ? storyList(v) : anyValue(v)}`)}`;
}

function isEventList(v: unknown): v is Event[] {
  return Array.isArray(v) && v.length > 0 && v.every((e) => isRef(e) && (e as RefLike).type === 'event' && typeof (e as Event).headline === 'string');
}
