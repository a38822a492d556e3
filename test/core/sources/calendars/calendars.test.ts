// The calendar parsers on the real samples (Federal Reserve calendar, FRED release dates, earnings and IPO
// calendars) and on refusals; a meeting or report that moves keeps its key, so its stored catalyst keeps its id.
import t from 'tap';
import { parseCalendarPayload } from '../../../../core/sources/calendars/index.js';
import { readRealdata, realdataSkip } from '../../../../harness/realdata.js';

const skip = realdataSkip('calendars');

t.test(
  'Federal Reserve calendar: FOMC decisions at 2 p.m. New York, releases per day, press conferences left out',
  { skip },
  async (t) => {
    const text = readRealdata('calendars/federalreserve_calendar.json');
    const { catalysts, skipped } = parseCalendarPayload(text);
    t.same(skipped, []);
    const meetings = catalysts!.filter((c) => c.kind === 'policy_decision');
    t.same(
      meetings.map((c) => [c.sourceKey, new Date(c.expectedAt).toISOString()]),
      [
        ['fed:fomc-meeting:2026-10', '2026-10-28T18:00:00.000Z'],
        ['fed:fomc-meeting:2026-12', '2026-12-09T19:00:00.000Z'],
      ],
      'EDT in October, EST in December',
    );
    t.notOk(catalysts!.some((c) => /press conference|holiday/i.test(c.title)));
    t.equal(catalysts!.filter((c) => c.title.startsWith('H.4.1')).length, 5, 'one per listed day');
    t.match(
      catalysts!.find((c) => c.title.startsWith('G.20')),
      { precision: 'day', confirmed: false },
      'an approximate date is unconfirmed',
    );

    // The October meeting moved a day: same key, new time.
    const moved = parseCalendarPayload(
      text.replace(
        '"title":"FOMC Meeting","time":"2:00 p.m.","month":"2026-10","days":"28"',
        '"title":"FOMC Meeting","time":"2:00 p.m.","month":"2026-10","days":"29"',
      ),
    );
    const october = moved.catalysts!.find((c) => c.sourceKey === 'fed:fomc-meeting:2026-10')!;
    t.equal(new Date(october.expectedAt).toISOString(), '2026-10-29T18:00:00.000Z');
  },
);

t.test('FRED release dates, earnings and IPO calendars', { skip }, async (t) => {
  const fred = parseCalendarPayload(readRealdata('calendars/fred_api_release_dates_rid9.json'));
  t.same(
    fred.catalysts!.map((c) => [c.sourceKey, c.title, new Date(c.expectedAt).toISOString().slice(0, 10)]),
    [
      ['fred:release-9:2026-10', 'Advance Monthly Retail Sales', '2026-10-15'],
      ['fred:release-9:2026-11', 'Advance Monthly Retail Sales', '2026-11-17'],
      ['fred:release-9:2026-12', 'Advance Monthly Retail Sales', '2026-12-16'],
    ],
  );
  const earnings = parseCalendarPayload(readRealdata('calendars/earnings_calendar_community_subset.json'));
  t.equal(earnings.catalysts!.length, 12);
  t.match(
    earnings.catalysts!.find((c) => c.sourceKey === 'earnings:AAPL:FY26Q4'),
    {
      kind: 'earnings',
      confirmed: false,
      precision: 'day',
      sourceUrl: 'https://tipranks.com',
      entities: [{ type: 'instrument', key: 'AAPL' }],
    },
  );
  const ipos = parseCalendarPayload(readRealdata('calendars/nasdaq_api_ipo_calendar_2026-09.json'));
  t.same(
    ipos.catalysts!.map((c) => [c.sourceKey, c.confirmed]),
    [
      ['ipo:1400871-119254', false],
      ['ipo:1400711-119247', false],
      ['ipo:1397270-118941', false],
      ['ipo:1399245-119118', true],
      ['ipo:1354580-119195', true],
    ],
  );
});

t.test('bad entries are skipped with their reasons; other documents refused', async (t) => {
  const { catalysts, skipped } = parseCalendarPayload(
    JSON.stringify({
      XYZ: { date: '2026-13-01x', quarter: 'FY26Q4' },
      ABC: { date: '2026-11-02', quarter: 'Q4' },
      DEF: { date: '2026-11-03', quarter: 'FY26Q1' },
    }),
  );
  t.same(skipped, [
    { item: 'XYZ', reason: 'date: expected YYYY-MM-DD, got "2026-13-01x"' },
    { item: 'ABC', reason: 'quarter: expected FYyyQn, got "Q4"' },
  ]);
  t.same(
    catalysts!.map((c) => c.sourceKey),
    ['earnings:DEF:FY26Q1'],
  );
  t.throws(() => parseCalendarPayload('[1, 2]'), { message: /expected a JSON object/ });
  t.throws(() => parseCalendarPayload('{"rows": []}'), { message: /not a calendar this source reads/ });
  t.throws(() => parseCalendarPayload('<xml/>'), { message: /^not JSON/ });
  t.throws(() => parseCalendarPayload('{"release_dates": []}', 'fed-calendar'), {
    message: 'expected a calendar in the fed-calendar format, got one in the fred-release-dates format',
  });
  t.same(
    parseCalendarPayload('{"release_dates": []}', 'fred-release-dates').catalysts,
    [],
    'the format its entry says',
  );
});
