// A repeating warning: the first logged at once, the repeats within the interval left out and counted on the next.
import t from 'tap';
import type { Logger } from '../../server/log.js';
import { RepeatingWarning } from '../../server/repeating-warning.js';

t.test('once per interval, with the count left out since', async (t) => {
  const lines: [Record<string, unknown>, string][] = [];
  const log = { warn: (fields: Record<string, unknown>, msg: string) => lines.push([fields, msg]) } as unknown as Logger;
  const warning = new RepeatingWarning(log, 'venue connection error', 200);
  for (let k = 0; k < 50; k++) warning.warn({ err: `refused ${k}` });
  t.same(lines, [[{ err: 'refused 0' }, 'venue connection error']], 'fifty failures at once: one line');
  await new Promise((resolve) => setTimeout(resolve, 250));
  warning.warn({ err: 'refused 50' });
  t.same(lines[1], [{ err: 'refused 50', repeated: 49 }, 'venue connection error'], 'the next, with the 49 left out');
  warning.warn({ err: 'refused 51' });
  t.equal(lines.length, 2);
});
