// Every move the service's own rule finds in the recorded history has a cause: the demo draws a story for each unusual
// day its market drew without news. Checked as the move detector does it: the moves kernel over the daily closes the
// service holds, the design's thresholds and default floors, and the linker over the stories of that day and the one before.
import t from 'tap';
import { concat, regroup } from '../../../core/demo/history.js';
import { DEMO_COMPANIES, DEMO_INSTRUMENTS } from '../../../core/demo/universe.js';
import { demoWorld } from '../../../core/demo/world.js';
import { dailyMoves, isMove } from '../../../core/kernels/moves.js';
import { linkMove, type LinkableEvent } from '../../../core/moves/linker.js';
import { DAY_MS } from '../../../core/time.js';
import { DEFAULT_MOVE_FLOORS } from '../../../core/vocabulary.js';

const sectors = new Map(DEMO_COMPANIES.map((c) => [c.slug, c.sector]));

for (const [seed, anchor, minuteDays] of [[20261121, Date.UTC(2026, 10, 21, 15, 42, 17), 1], [7, Date.UTC(2026, 2, 8, 0, 3), 3]] as const) {
  t.test(`seed ${seed}, minute days ${minuteDays}: every move of the recorded history has a cause`, async (t) => {
    const { story, histories } = demoWorld(seed, anchor, minuteDays);
    const events: LinkableEvent[] = story.events.map((e) => ({ ...e, entities: e.entities.map((r) => `${r.type}:${r.key}`.toLowerCase()) }));
    let moves = 0;
    for (const inst of DEMO_INSTRUMENTS) {
      const h = histories.get(inst.symbol)!;
      const days = concat(h.daily, regroup(h.minute, DAY_MS));
      const out = dailyMoves({ offsets: Int32Array.of(0, days.ts.length), closes: days.close }, { pct: new Float64Array(days.ts.length), z: new Float64Array(days.ts.length) });
      for (let d = 1; d < days.ts.length; d++) {
        if (!isMove(out.pct[d]!, out.z[d]!, DEFAULT_MOVE_FLOORS[inst.kind])) continue;
        moves++;
        const dayMs = days.ts[d]!;
        const nearby = events.filter((e) => e.occurredAt >= dayMs - DAY_MS && e.occurredAt < dayMs + DAY_MS);
        const subject = { symbol: inst.symbol, kind: inst.kind, company: inst.company, sector: inst.company ? sectors.get(inst.company)! : null, dayMs };
        if (!linkMove(subject, nearby).causes.length) t.fail(`${inst.symbol} ${new Date(dayMs).toISOString().slice(0, 10)} ${out.pct[d]!.toFixed(2)}% has no cause`);
      }
    }
    t.ok(moves >= 300, `${moves} moves, each with a cause`);
    const written = story.events.filter((e) => !e.shocks.length && e.moves.length);
    t.ok(written.every((e) => e.importance >= 55 && e.entities.some((r) => r.type === 'instrument' && e.moves.includes(r.key))), `${written.length} stories written for unusual days, each about what moved`);
    t.ok(written.every((e) => /rises|jumps|soars|rally|climb/.test(e.headline) === e.summary.includes(' +')), 'worded for the sign of the move');
  });
}
