// Fragments shared by the pages: links to EntityRefs and sources, numbers and dates as a reader reads them, story
// and move lists, sparklines.

import { decimals, signedPct, usdShort } from '../../core/figures.js';
import type { Event } from '../../core/schemas/events.js';
import type { Move } from '../../core/schemas/moves.js';
import { bpText } from '../../core/units.js';
import type { MacroDisplayMode } from '../../core/vocabulary.js';
import { type Html, html, type Part } from './html.js';

export interface RefLike {
  type: string;
  key: string;
  label: string;
  path: string | null;
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
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : usdShort(value);
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

/** A day as the instrument page writes dates: ISO, 2026-12-06. */
export function fmtDay(day: string | null | undefined): Html {
  if (!day) return html`<span class="muted">—</span>`;
  return html`<time datetime="${day.slice(0, 10)}">${day.slice(0, 10)}</time>`;
}

const QUARTER_PRECISIONS: Record<string, (d: string) => string> = {
  year: (d) => d.slice(0, 4),
  quarter: (d) => `Q${Math.floor((Number(d.slice(5, 7)) - 1) / 3) + 1} ${d.slice(0, 4)}`,
  month: (d) => d.slice(0, 7),
};

/** A time as precisely as it is known: a year, a quarter (Q4 2027), a month (2027-10), a day, or to the minute. */
export function fmtWhen(iso: string | null | undefined, precision: string): Html {
  if (!iso) return html`<span class="muted">—</span>`;
  const coarse = QUARTER_PRECISIONS[precision];
  if (coarse) return html`<time datetime="${iso.slice(0, 10)}">${coarse(iso)}</time>`;
  return precision === 'day' || precision === 'week' || iso.length === 10 ? fmtDay(iso) : fmtTime(iso);
}

/** A source's address as a link, only when it is http(s): a `javascript:` URL stays text. */
export function sourceLink(url: string | null | undefined, text: Part): Html {
  if (!url) return html`${text}`;
  return isUrl(url) ? html`<a href="${url}" rel="noopener nofollow">${text}</a>` : html`${text}`;
}

/** A time in UTC to the second, or to the minute when it falls on one (a story's 20:05, a release's 13:30). */
export function fmtTime(iso: string | null | undefined): Html {
  if (!iso) return html`<span class="muted">—</span>`;
  return html`<time datetime="${iso}">${iso
    .replace('T', ' ')
    .replace(/:00(\.0+)?Z$/, 'Z')
    .replace(/(:\d\d)(\.\d+)?Z$/, '$1 UTC')}</time>`;
}

/** A list of stories: headline linking to its page, source and time, the entities it names. */
export function storyList(events: readonly Event[], empty = 'No stories.'): Html {
  if (!events.length) return html`<p class="muted">${empty}</p>`;
  return html`<ul class="stories">${events.map(
    (e) =>
      html`<li><a href="/events/${e.id}">${e.headline}</a> <span class="muted">· ${e.sourceName} · ${fmtTime(e.occurredAt)} · importance ${e.importance}</span></li>`,
  )}</ul>`;
}

/** Moves as a table: instrument, date (linking to the explanation), change, z-score, and what caused it. */
export function moveTable(moves: readonly Move[], empty = 'No unusual moves.'): Html {
  if (!moves.length) return html`<p class="muted">${empty}</p>`;
  return html`<table><thead><tr><th>Instrument</th><th>Date</th><th class="num">Change</th><th class="num">z</th><th>Why</th></tr></thead><tbody>${moves.map(
    (m) =>
      html`<tr><td>${refLink(m.instrument)}</td><td>${refLink(m, m.date)}</td><td class="num">${fmtMove(m)}</td><td class="num">${fmtNum(m.zScore, 1)}</td><td>${moveWhy(m)}</td></tr>`,
  )}</tbody></table>`;
}

/** The stories behind a move, one to a line: two headlines in a cell must not read as one. */
function moveWhy(m: Move): Html {
  if (m.causes.length)
    return html`<ul class="why">${m.causes.slice(0, 2).map((e) => html`<li><a href="/events/${e.id}">${e.headline}</a></li>`)}</ul>`;
  if (m.candidateStories?.length)
    return html`<span class="muted">unconfirmed:</span> <a href="/events/${m.candidateStories[0]!.id}">${m.candidateStories[0]!.headline}</a>`;
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

/** Only http(s) addresses become links: a source's `javascript:` URL stays text. */
export function isUrl(value: string): boolean {
  return /^https?:\/\/[^\s]+$/.test(value);
}
