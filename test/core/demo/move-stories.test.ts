// Every move the service's own rule finds in the recorded history has a cause: the demo draws a story for each unusual
// day its market drew without news. Checked as the move detector does it: the moves kernel over the daily closes the
// service holds, the design's thresholds and default floors, and the linker over the stories of that day and the one before;
// and a move on a day the exchange is closed is told as what it is.
import t from 'tap';
import { concat, regroup } from '../../../core/demo/history.js';
import { moveStories } from '../../../core/demo/move-stories.js';
import { RecordedDays } from '../../../core/demo/recorded-days.js';
import { DEMO_COMPANIES, DEMO_INSTRUMENTS } from '../../../core/demo/universe.js';
import { demoWorld } from '../../../core/demo/world.js';
import { dailyMoves, isMove } from '../../../core/kernels/moves.js';
import { type LinkableEvent, linkMove } from '../../../core/moves/linker.js';
import { DAY_MS } from '../../../core/time.js';
import { DEFAULT_MOVE_FLOORS } from '../../../core/vocabulary.js';

const sectors = new Map(DEMO_COMPANIES.map((c) => [c.slug, c.sector]));

for (const [seed, anchor, minuteDays] of [
  [20261121, Date.UTC(2026, 10, 21, 15, 42, 17), 1],
  [7, Date.UTC(2026, 2, 8, 0, 3), 3],
] as const) {
  t.test(`seed ${seed}, minute days ${minuteDays}: every move of the recorded history has a cause`, async (t) => {
    const { story, histories } = demoWorld(seed, anchor, minuteDays);
    const events: LinkableEvent[] = story.events.map((e) => ({
      ...e,
      entities: e.entities.map((r) => `${r.type}:${r.key}`.toLowerCase()),
    }));
    let moves = 0;
    for (const inst of DEMO_INSTRUMENTS) {
      const h = histories.get(inst.symbol)!;
      const days = concat(h.daily, regroup(h.minute, DAY_MS));
      const out = dailyMoves(
        { offsets: Int32Array.of(0, days.ts.length), closes: days.close },
        { pct: new Float64Array(days.ts.length), z: new Float64Array(days.ts.length) },
      );
      for (let d = 1; d < days.ts.length; d++) {
        if (!isMove(out.pct[d]!, out.z[d]!, DEFAULT_MOVE_FLOORS[inst.kind])) continue;
        moves++;
        const dayMs = days.ts[d]!;
        const nearby = events.filter((e) => e.occurredAt >= dayMs - DAY_MS && e.occurredAt < dayMs + DAY_MS);
        const subject = {
          symbol: inst.symbol,
          kind: inst.kind,
          company: inst.company,
          sector: inst.company ? sectors.get(inst.company)! : null,
          dayMs,
        };
        if (!linkMove(subject, nearby).causes.length)
          t.fail(
            `${inst.symbol} ${new Date(dayMs).toISOString().slice(0, 10)} ${out.pct[d]!.toFixed(2)}% has no cause`,
          );
      }
    }
    t.ok(moves >= 300, `${moves} moves, each with a cause`);
    const written = story.events.filter((e) => !e.shocks.length && e.moves.length);
    t.ok(
      written.every(
        (e) => e.importance >= 55 && e.entities.some((r) => r.type === 'instrument' && e.moves.includes(r.key)),
      ),
      `${written.length} stories written for unusual days, each about what moved`,
    );
    t.ok(
      written.every((e) => /rises|jumps|soars|rally|climb/.test(e.headline) === e.summary.includes(' +')),
      'worded for the sign of the move',
    );
  });
}

t.test('an equity move on a day the exchange is closed is told as 24/7 trading, not as session news', async (t) => {
  const anchor = Date.UTC(2026, 10, 21, 15, 42, 17);
  const { histories } = demoWorld(20261121, anchor);
  // Weekends are too quiet to draw such a move: a Saturday's jump of 12% is put into the closes from it on.
  const saturday = histories.get('AAPL')!.daily.ts.find((ts, k) => k > 100 && new Date(ts).getUTCDay() === 6)!;
  for (const symbol of ['AAPL', 'SPX']) {
    const { ts, close } = histories.get(symbol)!.daily;
    for (let k = ts.indexOf(saturday); k < ts.length; k++) close[k]! *= 1.12;
  }
  const told = moveStories(20261121, new RecordedDays(histories), [], anchor).filter(
    (d) => d.occurredAt - (d.occurredAt % DAY_MS) === saturday,
  );
  for (const symbol of ['AAPL', 'SPX']) {
    const story = told.find((d) => d.moves.includes(symbol));
    t.match(
      story?.headline,
      /(soars|rally) .*on 24\/7 venues while the exchange is closed/,
      `${symbol}: ${story?.headline}`,
    );
  }
});
