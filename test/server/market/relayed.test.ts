// The market relay without a network: a leader's market ticked by hand is encoded frame by frame
// (core/market-frame.ts) and applied to a follower's market built from the same rows; the follower then reads what
// the leader reads (quotes, pooling, previous closes, open and closed bars), takes frames in order only, tells a run
// it missed, a new leader and rereads it missed, and leaves frames of another universe alone until it has grown to it.
import t from 'tap';
import { allocateClosedBars, type Bar, closedBarsOf } from '../../../core/kernels/bars.js';
import { decodeFrame, encodeFrame, layoutDigest, type MarketFrame, type Reread } from '../../../core/market-frame.js';
import { allocateVenueQuotes } from '../../../core/sources/records.js';
import { lastHeld, RelayedMarket } from '../../../server/market/relayed.js';
import { MarketState } from '../../../server/market/state.js';
import type { InstrumentRow, ListingRow } from '../../../server/ports/index.js';

const T0 = Date.UTC(2026, 11, 7, 12, 0, 0);
const instrument = (id: number, symbol: string): InstrumentRow => ({
  id,
  symbol,
  name: symbol,
  kind: 'crypto',
  currency: 'USD',
  company: null,
  companyName: null,
  sector: null,
  official: null,
});
const instruments = [instrument(1, 'BTC'), instrument(2, 'ETH')];
const listings: ListingRow[] = [1, 1, 2].map((instrumentId, k) => ({
  id: 10 + k,
  instrumentId,
  venue: `v${k}`,
  market: 'spot',
  venueSymbol: `S${k}`,
  fundingIntervalHours: null,
}));
const market = () => new MarketState(instruments, listings, 60_000);

/** A frame of `leader` at `nowMs`: its quotes moved by `k`, `closed` bars of instrument 0, and series read again. */
function frame(...args: Parameters<typeof frameBytes>) {
  const bytes = frameBytes(...args);
  // As Redis hands it back: in a Buffer at an offset that is no multiple of 8.
  const carried = Buffer.alloc(bytes.length + 3);
  carried.set(bytes, 3);
  return decodeFrame(carried.subarray(3)) as MarketFrame;
}

function frameBytes(
  leader: MarketState,
  nowMs: number,
  k: number,
  epoch: number,
  seq: number,
  closed: Bar[] = [],
  reread: { series: Reread[]; total: number } = { series: [], total: 0 },
) {
  const q = allocateVenueQuotes(listings.length);
  q.price.set([100 + k, 101 + k, 50 + k]);
  q.ts.fill(nowMs);
  q.volume24hUsd.set([1e6, 2e6, 1e6]);
  leader.update(q, nowMs, null);
  leader.previousClose.set([99, 49]);
  const c = closedBarsOf(closed.map((b) => [0, b] as const));
  const open: Bar = {
    ts: nowMs - (nowMs % 60_000),
    open: 100,
    high: 100 + k,
    low: 100,
    close: 100 + k,
    volume: 5,
    venues: 2,
  };
  return encodeFrame({
    epoch,
    seq,
    nowMs,
    layout: leader.layout,
    quotes: leader,
    pooled: leader.pooled.price.buffer as ArrayBuffer,
    previousClose: leader.previousClose,
    openBar: (i) => (i === 0 ? open : null),
    openListingBar: () => null,
    closed: c,
    closedListing: allocateClosedBars(0),
    reread: reread.series,
    rereadTotal: reread.total,
  });
}

const bar = (ts: number, close: number): Bar => ({
  ts,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
  venues: 2,
});

t.test('a follower reads what the leader reads, frame by frame', (t) => {
  const leader = market();
  const follower = market();
  const relay = new RelayedMarket(follower);
  t.equal(relay.apply(frame(leader, T0 + 1000, 0, 1, 1)), 'applied');
  t.equal(relay.apply(frame(leader, T0 + 61_000, 1, 1, 2, [bar(T0, 100)])), 'applied');
  t.same([...follower.price], [...leader.price], 'the venue quotes');
  t.same([...follower.pooled.price], [...leader.pooled.price], 'the pooled prices');
  t.same([...follower.pooled.reason], [...leader.pooled.reason], 'why each venue is in the pool or not');
  t.same([...follower.previousClose], [99, 49], 'the previous closes');
  t.equal(follower.priceTs[0], T0 + 61_000, 'priced at the tick');
  t.equal(lastHeld(follower.candles['1m'], 0), T0, 'the bar closed at the tick, held');
  t.same(relay.openBar(0), { ts: T0 + 60_000, open: 100, high: 101, low: 100, close: 101, volume: 5, venues: 2 });
  t.equal(relay.openBar(1), null, 'no open bar where the leader had none');
  t.equal(relay.openBar(7), null, 'nor past the instruments it knows');
  t.end();
});

t.test('frames apply in order only; a run missed and a new leader are told; another universe is left', (t) => {
  const leader = market();
  const relay = new RelayedMarket(market());
  const f1 = frame(leader, T0 + 1000, 0, 3, 10);
  const f2 = frame(leader, T0 + 2000, 1, 3, 11);
  t.equal(relay.misses(f1), false, 'the first frame misses nothing');
  relay.apply(f2);
  t.equal(relay.apply(f1), 'old', 'an older frame is left');
  t.equal(relay.apply(f2), 'old', 'and one already applied');
  t.equal(relay.misses(frame(leader, T0 + 3000, 2, 3, 12)), false, 'the next frame misses nothing');
  t.equal(relay.misses(frame(leader, T0 + 5000, 4, 3, 14)), true, 'one past a gap does');
  t.equal(relay.misses(frame(leader, T0 + 5000, 4, 4, 1)), true, "a new leader's first: its carried bars are read");
  t.equal(relay.apply(frame(leader, T0 + 4000, 3, 2, 99)), 'old', "a deposed leader's frame is left");
  const other = { ...frame(leader, T0 + 9000, 5, 4, 2), layout: layoutDigest([2, 1], [10, 11, 12]) };
  t.equal(relay.apply(other), 'layout', 'a frame of another universe (ids in another order) is left');
  t.end();
});

t.test('a closed bar the follower holds already is not held twice', (t) => {
  const leader = market();
  const follower = market();
  const relay = new RelayedMarket(follower);
  relay.apply(frame(leader, T0 + 61_000, 0, 1, 1, [bar(T0, 100)]));
  relay.fill('pooled', 0, bar(T0, 100));
  relay.fill('pooled', 0, bar(T0 - 60_000, 99));
  t.equal(follower.candles['1m'].ring.size(0), 1, 'a bar of the database no newer than those held is left');
  relay.fill('pooled', 0, bar(T0 + 60_000, 101));
  t.equal(lastHeld(follower.candles['1m'], 0), T0 + 60_000, 'a newer one is held');
  t.equal(decodeFrame(new Uint8Array(16)), null, 'bytes that are not a frame are none');
  t.end();
});

t.test('the series read again travel in the frames; a run of them missed is told', (t) => {
  const leader = market();
  const relay = new RelayedMarket(market());
  const series: Reread[] = [
    { kind: 'pooled', id: 2 },
    { kind: 'listing', id: 11 },
  ];
  const f1 = frame(leader, T0 + 1000, 0, 5, 1, [], { series, total: 2 });
  t.same(f1.reread, series, 'a frame carries the series read again, by kind and id');
  t.equal(relay.missesRereads(f1), false, 'the first frame misses none');
  relay.apply(f1);
  const next = frame(leader, T0 + 2000, 1, 5, 2, [], { series: [{ kind: 'pooled', id: 1 }], total: 3 });
  t.equal(relay.missesRereads(next), false, 'a frame right after misses none');
  const afterGap = frame(leader, T0 + 5000, 1, 5, 5, [], { series: [], total: 4 });
  t.equal(relay.missesRereads(afterGap), true, 'one after frames that carried rereads misses them');
  t.equal(
    relay.missesRereads(frame(leader, T0 + 5000, 1, 5, 5, [], { series: [], total: 2 })),
    false,
    'not so when they carried none',
  );
  t.end();
});

t.test("the previous release's frames (twm1) are still read, as none read again", (t) => {
  const leader = market();
  const v2 = frameBytes(leader, T0 + 1000, 0, 1, 1);
  // twm1: the same header without the reread count and total, and "twm1" as its magic.
  const v1 = new Uint8Array(v2.length - 16);
  v1.set(v2.subarray(0, 9 * 8));
  v1.set(v2.subarray(11 * 8), 9 * 8);
  new Float64Array(v1.buffer, 0, 1)[0] = 0x7477_6d31;
  const old = decodeFrame(v1);
  t.ok(old, 'decoded');
  t.same(old!.reread, [], 'with no series read again');
  t.equal(old!.rereadTotal, 0);
  t.same([...old!.quotes.price], [...leader.price], 'and its quotes');
  t.equal(new RelayedMarket(market()).apply(old!), 'applied', 'it moves a follower');
  t.end();
});

t.test("a follower grown to the leader's universe takes its frames again", (t) => {
  const leader = market();
  const follower = market();
  const relay = new RelayedMarket(follower);
  relay.apply(frame(leader, T0 + 1000, 0, 1, 1));
  leader.addInstrument(instrument(3, 'XYZ'));
  const grown = frame(leader, T0 + 2000, 1, 1, 2);
  t.equal(relay.apply(grown), 'layout', 'a frame of the larger universe is left');
  follower.addInstrument(instrument(3, 'XYZ'));
  t.equal(relay.layout, leader.layout, "once the follower holds the new instrument, its layout is the leader's");
  t.equal(relay.apply(grown), 'applied', 'and the frame applies');
  t.same([...follower.previousClose], [...leader.previousClose], 'sized for three instruments');
  t.end();
});
