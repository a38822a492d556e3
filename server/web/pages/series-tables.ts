// The tables a macro series and a prediction market share: scheduled catalysts (when, what, the consensus) and the
// open markets on a series (the question and the odds of each outcome).
import type { Catalyst } from '../../../core/schemas/catalysts.js';
import type { PredictionMarket } from '../../../core/schemas/odds.js';
import { CATALYST_KIND_LABELS } from '../../../core/vocabulary-labels.js';
import { type Html, html } from '../html.js';
import { fmtWhen, refLink, sourceLink } from '../parts.js';
import { table } from '../table.js';

/** A probability (0..1) as a percent to a tenth: 11.5%. */
export const oddsText = (p: number | null) => (p === null ? '—' : `${(p * 100).toFixed(1)}%`);

export function catalystTable(catalysts: readonly Catalyst[], empty = 'None scheduled.'): Html {
  return table(
    catalysts,
    [
      { head: 'When', cell: (c) => fmtWhen(c.expectedAt, c.precision) },
      {
        head: 'What',
        cell: (c) =>
          html`${sourceLink(c.sourceUrl, c.title)}${c.confirmed ? '' : html` <span class="muted">(not confirmed)</span>`}`,
      },
      { head: 'Kind', cell: (c) => CATALYST_KIND_LABELS[c.kind] },
      { head: 'Consensus', cell: (c) => c.consensus ?? '' },
      { head: 'Outcome', cell: (c) => (c.outcomeEventId ? html`<a href="/events/${c.outcomeEventId}">story</a>` : '') },
    ],
    empty,
  );
}

export function marketTable(markets: readonly PredictionMarket[], empty = 'No open markets.'): Html {
  return table(
    markets,
    [
      {
        head: 'Question',
        cell: (m) => refLink(m, m.eventLabel && m.event ? `${m.event.title}: ${m.eventLabel}` : m.question),
      },
      {
        head: 'Odds',
        cell: (m) => m.outcomes.map((o, i) => html`${i ? ' · ' : ''}${o.name} ${oddsText(o.probability)}`),
      },
      { head: 'Closes', cell: (m) => fmtWhen(m.closeAt, 'minute') },
    ],
    empty,
  );
}
