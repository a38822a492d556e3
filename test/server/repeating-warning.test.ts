// Repeating warnings: the first logged at once, the repeats within the interval left out and counted on the next.
import t from 'tap';
import type { Logger } from '../../server/log.js';
import { RepeatingWarning } from '../../server/repeating-warning.js';

t.test('once per interval, whatever the message, with the count left out since', async (t) => {
  const lines: [Record<string, unknown>, string][] = [];
  const log = {
    warn: (fields: Record<string, unknown>, msg: string) => lines.push([fields, msg]),
  } as unknown as Logger;
  const warning = new RepeatingWarning(log, 200);
  for (let k = 0; k < 50; k++)
    warning.warn({ why: `refused ${k}` }, k % 2 ? 'venue request failed' : 'venue connection error');
  t.same(lines, [[{ why: 'refused 0' }, 'venue connection error']], 'fifty failures at once: one line');
  await new Promise((resolve) => setTimeout(resolve, 250));
  warning.warn({ why: 'refused 50' }, 'venue request failed');
  t.same(lines[1], [{ why: 'refused 50', repeated: 49 }, 'venue request failed'], 'the next, with the 49 left out');
  warning.warn({ why: 'refused 51' }, 'venue connection error');
  t.equal(lines.length, 2);
});
