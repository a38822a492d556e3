// The NYSE/Nasdaq calendar against the exchange's published dates: holidays, one-off closures and early closes by year,
// session instants across the daylight saving changes, and the market's status at instants around them.
import t from 'tap';
import {
  CALENDAR_YEARS,
  marketDay,
  marketStatus,
  nextSessions,
  type Session,
  sessionOn,
} from '../../../core/calendar/sessions.js';
import { isTradingDay } from '../../../core/calendar/us-holidays.js';

const DAY = 86_400_000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const instant = (ms: number) => new Date(ms).toISOString().replace('.000', '');
const weekdaysOf = (year: number) => {
  const out: number[] = [];
  for (let d = Date.UTC(year, 0, 1); d < Date.UTC(year + 1, 0, 1); d += DAY)
    if (![0, 6].includes(new Date(d).getUTCDay())) out.push(d);
  return out;
};
/** Each weekday of `year` the market is closed: `date name`. */
const closedDays = (year: number) =>
  weekdaysOf(year).flatMap((d) => (marketDay(d).closed ? [`${date(d)} ${marketDay(d).closed}`] : []));
/** Each early close of `year`: `date HH:MMZ name`. */
const earlyCloses = (year: number) =>
  weekdaysOf(year).flatMap((d) => {
    const s = sessionOn(d);
    return s?.earlyClose ? [`${date(d)} ${instant(s.closeMs).slice(11, 16)}Z ${s.earlyClose}`] : [];
  });

t.test('every weekday the market is closed, 2024 to 2027, as the NYSE publishes them', async (t) => {
  t.same(closedDays(2024), [
    "2024-01-01 New Year's Day",
    '2024-01-15 Martin Luther King Jr. Day',
    "2024-02-19 Washington's Birthday",
    '2024-03-29 Good Friday',
    '2024-05-27 Memorial Day',
    '2024-06-19 Juneteenth',
    '2024-07-04 Independence Day',
    '2024-09-02 Labor Day',
    '2024-11-28 Thanksgiving Day',
    '2024-12-25 Christmas Day',
  ]);
  t.same(closedDays(2025), [
    "2025-01-01 New Year's Day",
    '2025-01-09 National Day of Mourning for President Jimmy Carter',
    '2025-01-20 Martin Luther King Jr. Day',
    "2025-02-17 Washington's Birthday",
    '2025-04-18 Good Friday',
    '2025-05-26 Memorial Day',
    '2025-06-19 Juneteenth',
    '2025-07-04 Independence Day',
    '2025-09-01 Labor Day',
    '2025-11-27 Thanksgiving Day',
    '2025-12-25 Christmas Day',
  ]);
  t.same(closedDays(2026), [
    "2026-01-01 New Year's Day",
    '2026-01-19 Martin Luther King Jr. Day',
    "2026-02-16 Washington's Birthday",
    '2026-04-03 Good Friday',
    '2026-05-25 Memorial Day',
    '2026-06-19 Juneteenth',
    '2026-07-03 Independence Day',
    '2026-09-07 Labor Day',
    '2026-11-26 Thanksgiving Day',
    '2026-12-25 Christmas Day',
  ]);
  t.same(closedDays(2027), [
    "2027-01-01 New Year's Day",
    '2027-01-18 Martin Luther King Jr. Day',
    "2027-02-15 Washington's Birthday",
    '2027-03-26 Good Friday',
    '2027-05-31 Memorial Day',
    '2027-06-18 Juneteenth',
    '2027-07-05 Independence Day',
    '2027-09-06 Labor Day',
    '2027-11-25 Thanksgiving Day',
    '2027-12-24 Christmas Day',
  ]);
});

t.test('early closes at 13:00 New York, 2024 to 2027', async (t) => {
  t.same(earlyCloses(2024), [
    '2024-07-03 17:00Z Day before Independence Day',
    '2024-11-29 18:00Z Day after Thanksgiving',
    '2024-12-24 18:00Z Christmas Eve',
  ]);
  t.same(earlyCloses(2025), [
    '2025-07-03 17:00Z Day before Independence Day',
    '2025-11-28 18:00Z Day after Thanksgiving',
    '2025-12-24 18:00Z Christmas Eve',
  ]);
  t.same(
    earlyCloses(2026),
    ['2026-11-27 18:00Z Day after Thanksgiving', '2026-12-24 18:00Z Christmas Eve'],
    'July 3, 2026 is the holiday for a Saturday July 4',
  );
  t.same(
    earlyCloses(2027),
    ['2027-11-26 18:00Z Day after Thanksgiving'],
    'December 24, 2027 is the holiday for a Saturday Christmas',
  );
});

t.test('early closes of earlier years, by the rules of their time', async (t) => {
  t.same(earlyCloses(2019), [
    '2019-07-03 17:00Z Day before Independence Day',
    '2019-11-29 18:00Z Day after Thanksgiving',
    '2019-12-24 18:00Z Christmas Eve',
  ]);
  t.same(
    earlyCloses(2013),
    [
      '2013-07-03 17:00Z Day before Independence Day',
      '2013-11-29 18:00Z Day after Thanksgiving',
      '2013-12-24 18:00Z Christmas Eve',
    ],
    'a Wednesday July 3 from 2013',
  );
  t.same(
    earlyCloses(2002),
    [
      '2002-07-05 17:00Z Day after Independence Day',
      '2002-11-29 18:00Z Day after Thanksgiving',
      '2002-12-24 18:00Z Christmas Eve',
    ],
    'a Thursday July 4 until 2012: the Friday after',
  );
  t.same(earlyCloses(1997), [
    '1997-07-03 17:00Z Day before Independence Day',
    '1997-11-28 18:00Z Day after Thanksgiving',
    '1997-12-24 18:00Z Christmas Eve',
    '1997-12-26 18:00Z Day after Christmas',
  ]);
  t.same(earlyCloses(2003).slice(-1), ['2003-12-26 18:00Z Day after Christmas'], 'the one-off of 2003');
  t.same(
    earlyCloses(1992),
    ['1992-11-27 19:00Z Day after Thanksgiving', '1992-12-24 19:00Z Christmas Eve'],
    '14:00 New York until 1992',
  );
  t.same(earlyCloses(1991), ['1991-12-24 19:00Z Christmas Eve']);
});

t.test('one-off closures are closed days with their names; the days around them trade', async (t) => {
  const oneOffs: [string, string][] = [
    ['1994-04-27', 'National Day of Mourning for President Richard Nixon'],
    ['2001-09-11', 'September 11 attacks'],
    ['2001-09-12', 'September 11 attacks'],
    ['2001-09-13', 'September 11 attacks'],
    ['2001-09-14', 'September 11 attacks'],
    ['2004-06-11', 'National Day of Mourning for President Ronald Reagan'],
    ['2007-01-02', 'National Day of Mourning for President Gerald Ford'],
    ['2012-10-29', 'Hurricane Sandy'],
    ['2012-10-30', 'Hurricane Sandy'],
    ['2018-12-05', 'National Day of Mourning for President George H. W. Bush'],
    ['2025-01-09', 'National Day of Mourning for President Jimmy Carter'],
  ];
  for (const [iso, name] of oneOffs) {
    t.same(marketDay(day(iso)), { dayMs: day(iso), session: null, closed: name }, iso);
    t.notOk(isTradingDay(day(iso)), `${iso}: not a trading day for the demo either`);
  }
  for (const iso of [
    '1994-04-26',
    '1994-04-28',
    '2001-09-10',
    '2001-09-17',
    '2012-10-26',
    '2012-10-31',
    '2018-12-04',
    '2018-12-06',
    '2025-01-08',
    '2025-01-10',
  ]) {
    t.ok(sessionOn(day(iso)), `${iso} trades`);
  }
  t.ok(sessionOn(day('1997-01-20')), 'Martin Luther King Jr. Day traded until 1997');
  t.equal(marketDay(day('1998-01-19')).closed, 'Martin Luther King Jr. Day', 'and is a holiday from 1998');
});

t.test('sessions across the daylight saving changes: 14:30Z in winter, 13:30Z in summer', async (t) => {
  const at = (iso: string) => {
    const s = sessionOn(day(iso))!;
    return `${instant(s.openMs)} ${instant(s.closeMs)}`;
  };
  t.equal(at('2026-03-06'), '2026-03-06T14:30:00Z 2026-03-06T21:00:00Z', 'the Friday before the March change');
  t.equal(at('2026-03-09'), '2026-03-09T13:30:00Z 2026-03-09T20:00:00Z', 'the Monday after it');
  t.equal(at('2026-10-30'), '2026-10-30T13:30:00Z 2026-10-30T20:00:00Z', 'the Friday before the November change');
  t.equal(at('2026-11-02'), '2026-11-02T14:30:00Z 2026-11-02T21:00:00Z', 'the Monday after it');
  t.equal(at('2006-03-31'), '2006-03-31T14:30:00Z 2006-03-31T21:00:00Z', 'before 2007 summer time began in April');
  t.equal(at('2006-04-03'), '2006-04-03T13:30:00Z 2006-04-03T20:00:00Z');
  t.equal(
    at('2025-07-03'),
    '2025-07-03T13:30:00Z 2025-07-03T17:00:00Z',
    'an early close in summer: 13:00 New York is 17:00Z',
  );
});

const intlParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
function newYork(ms: number): string {
  const p = Object.fromEntries(intlParts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

t.test(
  `every weekday from ${CALENDAR_YEARS.from} to ${CALENDAR_YEARS.to}: a session at 09:30 New York, or a named closure`,
  async (t) => {
    let bad = 0;
    const fail = (message: string) => bad++ < 10 && t.fail(message);
    const counts: Record<number, number> = {};
    for (let year = CALENDAR_YEARS.from; year <= CALENDAR_YEARS.to; year++) {
      for (const d of weekdaysOf(year)) {
        const { session, closed } = marketDay(d);
        if (isTradingDay(d) !== (session !== null)) fail(`${date(d)}: isTradingDay says ${isTradingDay(d)}`);
        if (!session) {
          if (!closed) fail(`${date(d)}: closed without a name`);
          continue;
        }
        counts[year] = (counts[year] ?? 0) + 1;
        const close = session.earlyClose ? ['13:00', '14:00'] : ['16:00'];
        if (newYork(session.openMs) !== `${date(d)} 09:30`)
          fail(`${date(d)}: opens at ${newYork(session.openMs)} New York`);
        if (!close.some((c) => newYork(session.closeMs) === `${date(d)} ${c}`))
          fail(`${date(d)}: closes at ${newYork(session.closeMs)} New York`);
      }
    }
    t.equal(bad, 0);
    const outside = Object.entries(counts).filter(([, n]) => n < 246 || n > 254);
    t.same(outside, [], 'every year has 246 to 254 sessions');
    t.same(
      [counts[2001], counts[2012], counts[2024], counts[2025], counts[2026]],
      [248, 250, 252, 250, 251],
      'trading days of years the NYSE counted',
    );
  },
);

t.test('the status at instants around a session, a holiday, an early close and a weekend', async (t) => {
  const status = (iso: string, n = 1) => {
    const s = marketStatus(Date.parse(iso), n);
    const show = (x: Session) =>
      `${date(x.dayMs)} ${instant(x.openMs).slice(11, 16)}-${instant(x.closeMs).slice(11, 16)}${x.earlyClose ? ` (${x.earlyClose})` : ''}`;
    return {
      open: s.open,
      today: s.today.closed ?? show(s.today.session!),
      current: s.current && show(s.current),
      next: s.next.map(show),
      changesAt: instant(s.changesAtMs),
    };
  };
  t.same(status('2026-11-25T15:00:00Z'), {
    open: true,
    today: '2026-11-25 14:30-21:00',
    current: '2026-11-25 14:30-21:00',
    next: ['2026-11-27 14:30-18:00 (Day after Thanksgiving)'],
    changesAt: '2026-11-25T21:00:00Z',
  });
  t.same(
    status('2026-11-26T15:00:00Z'),
    {
      open: false,
      today: 'Thanksgiving Day',
      current: null,
      next: ['2026-11-27 14:30-18:00 (Day after Thanksgiving)'],
      changesAt: '2026-11-27T05:00:00Z',
    },
    'a holiday: the next change is New York midnight',
  );
  t.same(
    status('2026-11-27T17:59:59Z').current,
    '2026-11-27 14:30-18:00 (Day after Thanksgiving)',
    'an early close, a second before it',
  );
  t.same(
    status('2026-11-27T18:00:00Z'),
    {
      open: false,
      today: '2026-11-27 14:30-18:00 (Day after Thanksgiving)',
      current: null,
      next: ['2026-11-30 14:30-21:00'],
      changesAt: '2026-11-28T05:00:00Z',
    },
    'and at it',
  );
  t.same(status('2026-11-28T15:00:00Z', 3), {
    open: false,
    today: 'weekend',
    current: null,
    next: ['2026-11-30 14:30-21:00', '2026-12-01 14:30-21:00', '2026-12-02 14:30-21:00'],
    changesAt: '2026-11-29T05:00:00Z',
  });
  t.same(status('2026-11-30T14:30:00Z').open, true, 'open from the opening instant');
  t.same(
    status('2026-11-30T14:29:59Z'),
    {
      open: false,
      today: '2026-11-30 14:30-21:00',
      current: null,
      next: ['2026-11-30 14:30-21:00'],
      changesAt: '2026-11-30T14:30:00Z',
    },
    'before the open: today is the next session',
  );
  t.same(
    status('2026-11-26T03:00:00Z').today,
    '2026-11-25 14:30-21:00',
    '03:00Z is still the evening before in New York',
  );
  t.same(status('2026-07-01T13:30:00Z').current, '2026-07-01 13:30-20:00', 'summer');
});

t.test('next sessions run over holidays and years', async (t) => {
  const dates = nextSessions(Date.parse('2026-12-23T22:00:00Z'), 6).map(
    (s) => `${date(s.dayMs)}${s.earlyClose ? '*' : ''}`,
  );
  t.same(dates, ['2026-12-24*', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-04']);
  t.same(
    nextSessions(Date.parse('2026-12-23T15:00:00Z'), 1).map((s) => date(s.dayMs)),
    ['2026-12-24'],
    'the session in progress is not a next one',
  );
  t.same(marketStatus(Date.parse('2026-12-23T15:00:00Z'), 0).next, [], 'none asked for');
});
