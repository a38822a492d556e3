// The FRED source's parser: a recorded payload of FRED's API (observations, series, a series' release, release dates)
// or a CSV download, told apart by its shape. Observations JSON, a series' release and a `date,value` CSV do not name
// their series: the caller gives it.
import { isObject } from '../fields.js';
import { emptyMacroPayload, type MacroPayload } from '../macro-records.js';
import { PayloadError } from '../records.js';
import { readFredCsv } from './csv.js';
import { readObservationsJson } from './observations.js';
import { readReleaseDatesJson } from './release-dates.js';
import { readSeriesJson } from './series.js';
import { FRED_SITE, seriesIdOf } from './series-id.js';
import { readSeriesReleaseJson } from './series-release.js';

export interface FredOptions {
  /** The series the payload is about, when it does not say itself (from the request, or the file's name). */
  seriesId?: string | null;
  /** The site its records cite: FRED's own unless the payload came from another in FRED's format (the demo's). */
  site?: string;
}

export function parseFredPayload(text: string, options: FredOptions = {}): MacroPayload {
  const given = options.seriesId ? seriesIdOf(options.seriesId) : null;
  if (options.seriesId && !given)
    throw new PayloadError(`${JSON.stringify(options.seriesId.slice(0, 60))} is not a FRED series id`);
  if (!/^[{[]/.test(text.replace(/^\uFEFF/, '').trimStart()))
    return { ...emptyMacroPayload(), ...readFredCsv(text, given) };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new PayloadError(`not JSON: ${(err as Error).message}`);
  }
  if (!isObject(doc)) throw new PayloadError('not a FRED payload: expected an object');
  if (Array.isArray(doc.observations)) {
    if (!given) throw new PayloadError('a FRED observations document does not name its series: give its id');
    return { ...emptyMacroPayload(), ...readObservationsJson(doc.observations, given) };
  }
  if (Array.isArray(doc.seriess))
    return { ...emptyMacroPayload(), ...readSeriesJson(doc.seriess, options.site ?? FRED_SITE) };
  if (Array.isArray(doc.release_dates)) return { ...emptyMacroPayload(), ...readReleaseDatesJson(doc.release_dates) };
  if (Array.isArray(doc.releases)) {
    if (!given) throw new PayloadError("a FRED series' release document does not name its series: give its id");
    return { ...emptyMacroPayload(), ...readSeriesReleaseJson(doc.releases, given) };
  }
  if (doc.error_message !== undefined)
    throw new PayloadError(`a FRED error answer: ${String(doc.error_message).slice(0, 200)}`);
  throw new PayloadError(
    'not a FRED payload: expected {"observations": [...]}, {"seriess": [...]}, {"releases": [...]}, {"release_dates": [...]} or a CSV',
  );
}
