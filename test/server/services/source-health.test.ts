// A source's state from what it saw: down until it connects (and whenever no connection is open), live while it hears
// within its limit (counted from when it connected before its first message), stale after; off when not running.
import t from 'tap';
import { SourceHealth } from '../../../server/services/read/source-health.js';

t.test('never connected: down, however long', async (t) => {
  const h = new SourceHealth('binance-spot', 'venue', 60_000);
  t.equal(h.state(0), 'down');
  t.equal(h.state(3_600_000), 'down');
});

t.test('connected: live within its limit, before any message too; stale after; down once closed', async (t) => {
  const h = new SourceHealth('binance-spot', 'venue', 60_000);
  h.connected(1_000);
  t.equal(h.state(30_000), 'live', 'just connected');
  t.equal(h.state(61_000), 'stale', 'connected and silent for its limit');
  h.message(70_000, 69_500);
  t.same([h.state(100_000), h.status(100_000).lagMs, h.status(100_000).messages], ['live', 500, 1]);
  t.equal(h.state(130_000), 'stale');
  h.open--;
  t.equal(h.state(100_000), 'down');
});

t.test('off when configured but not running', async (t) => {
  t.equal(new SourceHealth('sec', 'filings', 0, true).state(0), 'off');
});
