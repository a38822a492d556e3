// GET /moves (the unusual moves, newest first, optionally of one symbol) and /instruments/{symbol}/moves/{date} (one
// move's explanation: causes, stories around it, macro news that day, other movers, daily closes).
import { validationError } from '../../../core/errors.js';
import { explainDate } from '../../../core/requests/moves.js';
import { ExplainQuery, type MoveListQuery } from '../../../core/schemas/moves.js';
import { compileValidator } from '../../http/validate.js';
import { html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { fmtMove, fmtNum, moveTable, refLink, storyList } from '../parts.js';

const PAGE = 50;
const SYMBOL = /^[A-Za-z0-9.^=_-]{1,20}$/;
/** The page's symbol and date, checked as /v1/moves/explain checks its query: a bad one is a 422 page. */
const EXPLAIN = compileValidator('path', ExplainQuery);

export const movesPage: WebPage = {
  path: '/moves',
  async render({ query, services, caller }) {
    const offset = /^\d{1,6}$/.test(query.offset ?? '') ? Math.min(Number(query.offset), 100_000) : 0;
    const filter: MoveListQuery = { limit: PAGE, offset, candidates: true };
    if (query.symbol && SYMBOL.test(query.symbol)) filter.symbol = query.symbol;
    const moves = await services.moves.listKept(filter, caller);
    const next = moves.page.nextOffset;
    const more =
      next === null
        ? ''
        : html`<p><a href="/moves?${new URLSearchParams({ ...(filter.symbol ? { symbol: filter.symbol } : {}), offset: String(next) }).toString()}">Older moves</a></p>`;
    return page({
      title: filter.symbol ? `Moves of ${filter.symbol}` : 'Unusual moves',
      body: html`<h1>Unusual moves${filter.symbol ? html` of ${filter.symbol}` : ''}</h1>
<p class="muted">Daily pooled close-to-close changes that were unusual for the instrument (z-score against its last 60 days, or above its kind's floor), with the stories that caused them.</p>
${moveTable(moves.data)}${more}`,
    });
  },
};

export const moveExplainPage: WebPage = {
  path: '/instruments/:symbol/moves/:date',
  async render({ params, services, caller }) {
    const asked = { symbol: params[0]!, date: params[1]! };
    const problems = EXPLAIN.check(asked);
    if (problems.length) throw validationError(problems);
    const x = await services.moves.explain(asked.symbol, explainDate(asked), caller);
    const m = x.move;
    return page({
      title: `${x.instrument.label} on ${x.date}`,
      body: html`<h1>${refLink(x.instrument)} on ${x.date}</h1>
${
  m
    ? html`<p class="price">${fmtMove(m)}</p><p>${fmtNum(m.fromPrice)} → ${fmtNum(m.toPrice)} · z-score ${fmtNum(m.zScore, 2)}</p>${m.explanation ? html`<p>${m.explanation}</p>` : ''}
<h2>Causes</h2>${storyList(m.causes, 'No confirmed cause.')}
${m.candidateStories?.length ? html`<h2>Candidate stories <span class="muted">(not confirmed)</span></h2>${storyList(m.candidateStories)}` : ''}`
    : html`<p class="muted">No unusual move that day.</p>`
}
<h2>Stories around the day</h2>${storyList(x.storiesAround)}
<h2>Macro news that day</h2>${storyList(x.macroThatDay, 'None.')}
<h2>Other movers that day</h2>${moveTable(x.otherMovers, 'None.')}
<h2>Daily closes</h2><table><tbody>${x.closes.map((c) => html`<tr><td>${c.date}</td><td class="num">${fmtNum(c.close)}</td></tr>`)}</tbody></table>`,
    });
  },
};
