// FRED series ids (CPIAUCSL, T10Y2Y, BAMLH0A0HYM2): upper-case letters, digits and underscores. A file names its
// series in its CSV header, or by its own name (CPIAUCSL.csv) when the header says only `date,value`.

export const FRED_SOURCE = 'fred';

/** FRED's own site: what its records cite unless their caller names another (the demo's, on .example). */
export const FRED_SITE = 'https://fred.stlouisfed.org';

const SERIES_ID = /^[A-Z0-9][A-Z0-9_]{0,39}$/;

/** The series id `raw` names (case-insensitive, as FRED's API reads it), or null when it is not one. */
export function seriesIdOf(raw: string): string | null {
  const id = raw.trim().toUpperCase();
  return SERIES_ID.test(id) ? id : null;
}

/** The series id a file's own name gives (`data/CPIAUCSL.csv`), or null when its name is not a series id. */
export function seriesIdFromFileName(path: string): string | null {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return seriesIdOf(dot > 0 ? name.slice(0, dot) : name);
}

/** A series' page on FRED, or on the site that serves its payloads in FRED's format: what a reader cites. */
export function fredSeriesUrl(seriesId: string, site: string = FRED_SITE): string {
  return `${site}/series/${encodeURIComponent(seriesId)}`;
}
