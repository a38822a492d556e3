// What the tick loop consumes: venue feeds, each writing the latest quote of the listings it serves. The demo's
// simulated venues are one; a real venue's connector (its websocket client) is another, behind the same interface.
import type { VenueQuotes } from '../../core/sources/records.js';

export interface VenueFeed {
  /** The source it belongs to, as the sources registry names it. */
  readonly source: string;
  /**
   * Writes the latest quote of each listing it serves into `into` (the market's listing order) as of `nowMs`, `dtS`
   * seconds after the last poll: a simulator moves its prices; a connector copies what its venue sent since.
   */
  poll(nowMs: number, dtS: number, into: VenueQuotes): void;
}
