// The US holiday calendars on known dates: the NYSE's (with its observed-day rules) and the federal one.
import t from 'tap';
import {
  easter,
  federalHolidays,
  isReleaseDay,
  isTradingDay,
  nyseHolidays,
} from '../../../core/calendar/us-holidays.js';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const named = (list: { name: string; dayMs: number }[]) => Object.fromEntries(list.map((h) => [h.name, iso(h.dayMs)]));

t.test('Easter Sunday on known dates', async (t) => {
  t.same(
    [2024, 2025, 2026, 2027, 2038].map((y) => iso(easter(y))),
    ['2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28', '2038-04-25'],
  );
});

t.test('NYSE holidays of 2026 and 2027, as the exchange publishes them', async (t) => {
  t.same(named(nyseHolidays(2026)), {
    "New Year's Day": '2026-01-01',
    'Martin Luther King Jr. Day': '2026-01-19',
    "Washington's Birthday": '2026-02-16',
    'Good Friday': '2026-04-03',
    'Memorial Day': '2026-05-25',
    Juneteenth: '2026-06-19',
    'Independence Day': '2026-07-03',
    'Labor Day': '2026-09-07',
    'Thanksgiving Day': '2026-11-26',
    'Christmas Day': '2026-12-25',
  });
  t.same(named(nyseHolidays(2027)), {
    "New Year's Day": '2027-01-01',
    'Martin Luther King Jr. Day': '2027-01-18',
    "Washington's Birthday": '2027-02-15',
    'Good Friday': '2027-03-26',
    'Memorial Day': '2027-05-31',
    Juneteenth: '2027-06-18',
    'Independence Day': '2027-07-05',
    'Labor Day': '2027-09-06',
    'Thanksgiving Day': '2027-11-25',
    'Christmas Day': '2027-12-24',
  });
});

t.test(
  "observed days: a Sunday's on Monday, a Saturday's on Friday, but New Year's Day on a Saturday closes nothing",
  async (t) => {
    t.equal(named(nyseHolidays(2023))["New Year's Day"], '2023-01-02', 'Sunday January 1, 2023');
    t.notOk(
      "New Year's Day" in named(nyseHolidays(2022)),
      'Saturday January 1, 2022: the exchange traded on December 31, 2021',
    );
    t.ok(isTradingDay(day('2021-12-31')));
    t.equal(named(nyseHolidays(2022)).Juneteenth, '2022-06-20', 'Sunday June 19, 2022');
    t.notOk('Juneteenth' in named(nyseHolidays(2021)), 'not a market holiday before 2022');
  },
);

t.test('federal holidays add Columbus and Veterans Day, and observe a Saturday New Year on December 31', async (t) => {
  const f2026 = named(federalHolidays(2026));
  t.equal(f2026['Columbus Day'], '2026-10-12');
  t.equal(f2026['Veterans Day'], '2026-11-11');
  t.notOk('Good Friday' in f2026, 'not a federal holiday');
  t.same(
    federalHolidays(2021)
      .filter((h) => h.name === "New Year's Day")
      .map((h) => iso(h.dayMs)),
    ['2021-01-01', '2021-12-31'],
  );
  t.notOk(
    federalHolidays(2022).some((h) => h.name === "New Year's Day"),
    'observed the year before',
  );
  t.equal(named(federalHolidays(2023))['Veterans Day'], '2023-11-10', 'Saturday November 11, 2023');
});

t.test('trading days and release days', async (t) => {
  t.notOk(isTradingDay(day('2026-11-26')), 'Thanksgiving');
  t.ok(isTradingDay(day('2026-11-25')) && isReleaseDay(day('2026-11-25')), 'the Wednesday before');
  t.notOk(
    isTradingDay(day('2026-04-03')) || isReleaseDay(day('2026-04-03')),
    'Good Friday: no market, so no release either',
  );
  t.ok(isTradingDay(day('2026-10-12')), 'Columbus Day: the market trades');
  t.notOk(isReleaseDay(day('2026-10-12')), 'but agencies are closed');
  t.notOk(isTradingDay(day('2026-11-21')) || isTradingDay(day('2026-11-22')), 'weekends');
  t.ok(isTradingDay(day('2026-11-23')));
});
