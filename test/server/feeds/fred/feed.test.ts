// The FRED feed's requests, against a local replay server with the services stubbed: a series not held is read whole,
// page after page of 100,000 observations; one held only over its last five years; the release's calendar once per
// release, whichever series named it.

import { pino } from 'pino';
import t from 'tap';
import type { ParsedPayload } from '../../../../core/sources/records.js';
import { startReplay } from '../../../../harness/replay.js';
import { clock } from '../../../../server/clock.js';
import { FredFeed } from '../../../../server/feeds/fred/feed.js';
import { fredSource } from '../../../../server/feeds/fred/index.js';
import type { MacroService } from '../../../../server/services/read/macro.js';
import type { ImportService } from '../../../../server/services/write/imports.js';

const PAGE = 100_000;
const observations = (n: number) => ({
  observations: Array.from({ length: n }, (_, k) => ({
    realtime_start: '2020-01-02',
    realtime_end: '9999-12-31',
    date: new Date(Date.UTC(1900, 0, 1 + k)).toISOString().slice(0, 10),
    value: String(k),
  })),
});
const replay = await startReplay((url) => {
  const q = url.searchParams;
  if (url.pathname === '/fred/series/observations')
    return { body: JSON.stringify(observations(q.get('offset') === '0' && q.get('series_id') === 'DGS10' ? PAGE : 5)) };
  if (url.pathname === '/fred/series/release')
    return { body: JSON.stringify({ releases: [{ id: 18, name: 'H.15 Selected Interest Rates' }] }) };
  if (url.pathname === '/fred/series') return { body: JSON.stringify({ seriess: [] }) };
  return { body: JSON.stringify({ release_dates: [] }) };
});
t.teardown(() => replay.close());

const written: ParsedPayload[] = [];
const imports = {
  payload: async (p: ParsedPayload) => {
    written.push(p);
    return { counts: {}, skipped: [] };
  },
} as unknown as ImportService;
const held = new Set(['DGS2']);
const macro = { hasObservations: async (_: string, id: string) => held.has(id) } as unknown as MacroService;
const settings = { apiKey: 'k', series: ['DGS10', 'DGS2'], everyMs: 60_000, url: `${replay.url}/fred` };

t.test('whole or recent histories, paged; one calendar per release', async (t) => {
  await new FredFeed(fredSource, settings, { imports, macro }, pino({ level: 'silent' })).round(
    new AbortController().signal,
  );
  const asked = (path: string) =>
    replay.requests.filter((u) => u.pathname === path).map((u) => Object.fromEntries(u.searchParams));
  const pages = asked('/fred/series/observations');
  t.same(
    pages.map((q) => [q.series_id, q.offset, q.observation_start ?? null]),
    [
      ['DGS10', '0', null],
      ['DGS10', String(PAGE), null],
      ['DGS2', '0', new Date(clock.now() - 5 * 366 * 86_400_000).toISOString().slice(0, 10)],
    ],
    'DGS10 not held: all of it, two pages; DGS2 held: five years',
  );
  t.equal(
    written.reduce((n, p) => n + (p.observations?.length ?? 0), 0),
    PAGE + 10,
    'every page written',
  );
  t.same(
    asked('/fred/release/dates').map((q) => q.release_id),
    ['18'],
    'H.15 once for both',
  );
  t.ok(
    replay.requests.every((u) => u.searchParams.get('api_key') === 'k' && u.searchParams.get('file_type') === 'json'),
  );
});
