// The top of a reader's page: its name and what it is, the labelled price and change of its instrument where it has
// one (the label says where the price is from, as on the instrument page), and its key figures, each with its unit.
import { price } from '../../core/figures.js';
import { type Html, html, type Part } from './html.js';
import { fmtPct, fmtTime } from './parts.js';

export interface Quoted {
  symbol: string;
  path: string | null;
  currency: string;
  price: number | null;
  changePct: number | null;
  priceTs: string | null;
  priceLabel: string;
}

/** A price in its currency with its change and label: what an instrument's price must never be shown without. */
export function quote(q: Quoted): Html {
  return html`<p class="quote"><span class="price">${q.price === null ? '—' : price(q.price, q.currency)}</span> ${fmtPct(q.changePct)}
<span class="muted">today</span><br><span class="label">${q.priceLabel}</span> · ${fmtTime(q.priceTs)} · ${q.path ? html`<a href="${q.path}">${q.symbol} page</a>` : q.symbol}</p>`;
}

export function pageHead(title: Part, kind: Part, quoted?: Quoted | null): Html {
  return html`<div class="head"><h1>${title} <span class="muted">${kind}</span></h1>${quoted ? quote(quoted) : ''}</div>`;
}

/** A figure: what it is, and its value formatted with its unit (or a dash). */
export type Figure = [label: string, value: Part, note?: Part];

/** The key figures as a row of cards; a figure with no value is left out. */
export function keyFigures(figures: readonly Figure[]): Html {
  const shown = figures.filter(([, v]) => v !== null && v !== undefined && v !== '');
  if (!shown.length) return html``;
  return html`<dl class="figures">${shown.map(([label, value, note]) => html`<div><dt>${label}</dt><dd>${value}</dd>${note ? html`<dd class="muted">${note}</dd>` : ''}</div>`)}</dl>`;
}
