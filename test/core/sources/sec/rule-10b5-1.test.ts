// A 10b5-1 plan: the checkbox first, else a footnote naming Rule 10b5-1; the anti-fraud Rule 10b-5 is no plan.
import t from 'tap';
import { namesRule10b51, planEvidence } from '../../../../core/sources/sec/rule-10b5-1.js';

t.test('the ways filers write Rule 10b5-1, and what is not it', async (t) => {
  for (const text of [
    'pursuant to a Rule 10b5-1 trading plan',
    'a 10b5-1(c) plan',
    'Rule 10b5\u20131 plan adopted May 2',
    'under rule 10B5-1',
    'Rule 10b-5-1 sales plan',
    'Rule 10b5 - 1',
  ]) {
    t.ok(namesRule10b51(text), text);
  }
  for (const text of [
    'not relying on any defense under Rule 10b-5',
    'Rule 10b-5 under the Exchange Act',
    'Rule 10b5-12',
    'Rule 10b-51',
    'see Rule 10b-5, 1934 Act',
  ]) {
    t.notOk(namesRule10b51(text), text);
  }
});

t.test('the checkbox decides first; footnotes only when it is not checked', async (t) => {
  t.equal(planEvidence(true, []), 'checkbox');
  t.equal(planEvidence(true, ['Sold under Rule 10b5-1.']), 'checkbox');
  t.equal(planEvidence(false, ['Sold under Rule 10b5-1.']), 'footnote');
  t.equal(planEvidence(null, ['Sold under Rule 10b5-1.']), 'footnote');
  t.equal(planEvidence(false, ['No defense under Rule 10b-5 is claimed.']), null);
  t.equal(planEvidence(null, []), null);
});
