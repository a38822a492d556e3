// A large payload cut into batches: what records refer to first, the long lists in slices, nothing lost or repeated.
import t from 'tap';
import { payloadBatches } from '../../../core/sources/batches.js';
import type { ParsedPayload } from '../../../core/sources/records.js';

t.test('the batch of everything but the long lists first, then slices of them in writing order', async (t) => {
  const story = (k: number) => ({ key: `s${k}` });
  const payload = {
    skipped: [{ item: 'x', reason: 'unreadable' }],
    companies: [{ key: 'c' }],
    stories: Array.from({ length: 1201 }, (_, k) => story(k)),
    series: [{ key: 'cpi' }],
    observations: Array.from({ length: 3000 }, (_, k) => ({ k })),
  } as unknown as ParsedPayload;
  const batches = payloadBatches(payload, 500);
  t.same(
    batches.map((b) => Object.keys(b).filter((k) => k !== 'skipped')),
    [['companies', 'series', 'observations'], ['stories'], ['stories'], ['stories']],
  );
  t.equal(batches[0]!.observations!.length, 3000, "a series' observations stay whole with it");
  t.same(
    batches.slice(1).map((b) => b.stories!.length),
    [500, 500, 201],
  );
  t.same(
    batches.flatMap((b) => b.stories ?? []),
    payload.stories,
    'every story once, in order',
  );
  t.ok(
    batches.every((b) => b.skipped.length === 0),
    "the parser's skipped items stay the caller's to report once",
  );
  t.same(
    payloadBatches({ skipped: [], stories: [story(1)] } as unknown as ParsedPayload, 500).length,
    1,
    'a small payload is one batch',
  );
});
