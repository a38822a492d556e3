// The bytes of a derivatives answer: a head written for each answer (the current values change every tick), then the
// stored series, written by hand once per array the service keeps (thousands of hours per venue on request).
import type { Derivatives, DerivativesDay, VenueDerivatives } from '../../core/schemas/derivatives.js';
import { jsonNumber } from '../../core/series.js';
import { KeptBytes } from '../http/kept-bytes.js';
import { RawJson } from '../http/raw-json.js';

const CLOSE = Buffer.from('}}');
const num = (x: number | null) => (x === null ? 'null' : jsonNumber(x));

const daily = new KeptBytes<DerivativesDay[]>((days) =>
  Buffer.from(
    `,"daily":[${days.map((d) => `{"date":"${d.date}","fundingRate8hPct":${num(d.fundingRate8hPct)},"openInterestUsd":${num(d.openInterestUsd)},"venues":${d.venues}}`).join(',')}]`,
  ),
);

const perVenue = new KeptBytes<VenueDerivatives[]>((venues) => {
  const venue = (v: VenueDerivatives) => {
    const hours = v.hourly.map(
      (h) =>
        `{"ts":"${h.ts}","fundingRatePct":${num(h.fundingRatePct)},"fundingRate8hPct":${num(h.fundingRate8hPct)},"openInterestUsd":${num(h.openInterestUsd)}}`,
    );
    return `{"listingId":${v.listingId},"venue":${JSON.stringify(v.venue)},"fundingIntervalHours":${v.fundingIntervalHours},"hourly":[${hours.join(',')}]}`;
  };
  return Buffer.from(`,"perVenue":[${venues.map(venue).join(',')}]`);
});

/** The answer `{ data: Derivatives }` of `d`, as bytes. */
export function derivativesAnswer(d: Derivatives): RawJson {
  const { current } = d;
  const head =
    `{"data":{"instrument":${JSON.stringify(d.instrument)},"from":"${d.from}",` +
    `"availableFrom":${d.availableFrom === null ? 'null' : `"${d.availableFrom}"`},${d.notice === undefined ? '' : `"notice":${JSON.stringify(d.notice)},`}` +
    `"current":{"fundingRate8hPct":${num(current.fundingRate8hPct)},"openInterestUsd":${num(current.openInterestUsd)},"venues":${current.venues}}`;
  return new RawJson([Buffer.from(head), daily.of(d.daily), ...(d.perVenue ? [perVenue.of(d.perVenue)] : []), CLOSE]);
}
