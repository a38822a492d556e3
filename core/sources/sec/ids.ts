// EDGAR's identifiers: a CIK (Central Index Key, up to 10 digits, written zero-padded to 10 in the JSON APIs and
// without the zeros in archive paths) and an accession number (filer id, year, sequence: 0000320193-25-000079).

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;

/** A CIK written as EDGAR's APIs write it, zero-padded to 10 digits, or null when `raw` is not a CIK. */
export function padCik(raw: string | number): string | null {
  const text = typeof raw === 'number' ? (Number.isSafeInteger(raw) && raw > 0 ? String(raw) : '') : raw.trim();
  if (!/^\d{1,10}$/.test(text) || /^0+$/.test(text)) return null;
  return text.padStart(10, '0');
}

/** A CIK without its leading zeros, as archive paths write it. */
export function unpaddedCik(cik: string): string {
  return cik.replace(/^0+(?=\d)/, '');
}

export function isAccession(text: string): boolean {
  return ACCESSION.test(text);
}

/** The accession number of an 18-digit folder name (000032019325000079) with its dashes, or null. */
export function accessionFromDigits(digits: string): string | null {
  return /^\d{18}$/.test(digits) ? `${digits.slice(0, 10)}-${digits.slice(10, 12)}-${digits.slice(12)}` : null;
}
