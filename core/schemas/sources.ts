// The sources file (TAPEWIRE_SOURCES, e.g. tapewire.sources.live-crypto.json): the instruments and their venue
// listings, how each quote currency converts to USD, the news feeds and the calendars. Checked at start by
// validateSources (core/sources/sources-file.ts), which names every bad entry.
import { type Static, type TLiteral, type TUnion, Type } from '@sinclair/typebox';
import { INSTRUMENT_KINDS, MARKETS } from '../vocabulary.js';

/** Calendar formats the calendar feeds read (their samples are under shared/realdata/calendars/). */
export const CALENDAR_FORMATS = ['fed-calendar', 'fred-release-dates', 'earnings-calendar', 'nasdaq-ipo'] as const;

/** One of `values`, as TypeBox checks it: a union of literals, described so an error can list them. */
function OneOf<T extends string>(values: readonly T[]): TUnion<TLiteral<T>[]> {
  return Type.Union(
    values.map((v) => Type.Literal(v)),
    { description: `one of ${values.join(', ')}` },
  );
}

const Currency = Type.String({ pattern: '^[A-Z0-9]{2,10}$', description: 'a currency code in capitals (USD, USDT)' });
const Id = Type.String({ pattern: '^[a-z0-9-]{1,40}$', description: 'an id of lower-case letters, digits and dashes' });
const HttpUrl = Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2000, description: 'an http(s) URL' });

export const VenueListing = Type.Object(
  {
    venue: Type.String({
      minLength: 1,
      maxLength: 40,
      description: 'binance, coinbase, kraken, okx, bybit or hyperliquid',
    }),
    market: OneOf(MARKETS),
    venueSymbol: Type.String({
      minLength: 1,
      maxLength: 60,
      description: "the venue's own symbol (BTCUSDT, BTC-USD, PF_XBTUSD, BTC-USDT-SWAP)",
    }),
    quote: Currency,
    fundingIntervalHours: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 24, description: 'hours between funding payments; perpetuals only' }),
    ),
  },
  { additionalProperties: false },
);
export type VenueListing = Static<typeof VenueListing>;

export const SourceInstrument = Type.Object(
  {
    symbol: Type.String({ pattern: '^[A-Za-z0-9._^=-]{1,20}$', description: 'up to 20 letters, digits or ._^=-' }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    kind: OneOf(INSTRUMENT_KINDS),
    currency: Currency,
    /** Other names the news calls it by (Bitcoin, XBT), for linking stories to it. */
    aliases: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 })),
    listings: Type.Array(VenueListing, { maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type SourceInstrument = Static<typeof SourceInstrument>;

/** USD per unit of a quote currency: the pooled price of an instrument of the file (USDT's), or a fixed rate. */
export const QuoteConversion = Type.Union(
  [
    Type.Object({ pool: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false }),
    Type.Object({ fixed: Type.Number({ exclusiveMinimum: 0 }) }, { additionalProperties: false }),
  ],
  { description: '{"pool": "<an instrument of this file>"} or {"fixed": <USD per unit>}' },
);
export type QuoteConversion = Static<typeof QuoteConversion>;

export const NewsFeed = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1, maxLength: 200, description: 'the publisher, as stories cite it' }),
    url: HttpUrl,
    everyS: Type.Optional(Type.Integer({ minimum: 60, description: 'seconds between two reads of the feed' })),
  },
  { additionalProperties: false },
);
export type NewsFeed = Static<typeof NewsFeed>;

export const CalendarFeed = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    format: OneOf(CALENDAR_FORMATS),
    url: HttpUrl,
    everyS: Type.Optional(Type.Integer({ minimum: 60 })),
    /** The environment variable holding the key the URL needs (FRED_API_KEY): its name only, never the key. */
    credential: Type.Optional(
      Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,63}$', description: 'an environment variable name' }),
    ),
  },
  { additionalProperties: false },
);
export type CalendarFeed = Static<typeof CalendarFeed>;

/** Where a venue market's WebSocket and REST API are, instead of the venue's own addresses: a proxy, or a replay server. */
export const VenueEndpoint = Type.Object(
  {
    wsUrl: Type.String({ pattern: '^wss?://[^\\s]+$', maxLength: 2000, description: 'a ws(s) URL' }),
    restUrl: HttpUrl,
  },
  { additionalProperties: false },
);
export type VenueEndpoint = Static<typeof VenueEndpoint>;

export const SourcesFile = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    instruments: Type.Array(SourceInstrument, { minItems: 1, maxItems: 10_000 }),
    /** How each quote currency other than USD converts to USD. */
    quotes: Type.Optional(Type.Record(Currency, QuoteConversion, { additionalProperties: false })),
    news: Type.Optional(Type.Array(NewsFeed)),
    calendars: Type.Optional(Type.Array(CalendarFeed)),
    /** Per venue id and market (spot, perp), other addresses than the venue's own. */
    endpoints: Type.Optional(
      Type.Record(Id, Type.Record(Type.String(), VenueEndpoint, { additionalProperties: false })),
    ),
  },
  { additionalProperties: false },
);
export type SourcesFile = Static<typeof SourcesFile>;
