// EDGAR's form index (daily-index/YYYY/QTRn/form.YYYYMMDD.idx, and the quarterly full-index/form.idx): a text
// header, then fixed-width rows sorted by form type: form, company name, CIK, date filed, file name. The columns are
// found from the header line, since their widths differ between index files; the last three fields hold no spaces
// and are read from the end of the row, so a long company name cannot shift them.
import { parseDay } from '../../days.js';
import { PayloadError, type SkippedItem } from '../records.js';
import { accessionFromDigits, isAccession, padCik } from './ids.js';

export interface FormIndexEntry {
  form: string;
  companyName: string;
  cik: string;
  /** YYYY-MM-DD. */
  filingDate: string;
  /** The path under https://www.sec.gov/Archives/ (edgar/data/1806014/0001140361-20-006155.txt). */
  fileName: string;
  accession: string;
}

const HEADER = /^Form Type\s+Company Name\s+CIK\s+Date Filed\s+File Name\s*$/;
const ROW_END = /\s(\d{1,10})\s+(\d{8}|\d{4}-\d{2}-\d{2})\s+(\S+)\s*$/;

export function parseFormIndex(text: string): { entries: FormIndexEntry[]; skipped: SkippedItem[] } {
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((l) => HEADER.test(l));
  if (headerAt === -1 || !/^-+$/.test(lines[headerAt + 1]?.trim() ?? '')) {
    throw new PayloadError(
      'not an EDGAR form index: expected the header "Form Type  Company Name  CIK  Date Filed  File Name" and a line of dashes',
    );
  }
  const nameColumn = lines[headerAt]!.indexOf('Company Name');
  const entries: FormIndexEntry[] = [];
  const skipped: SkippedItem[] = [];
  for (let k = headerAt + 2; k < lines.length; k++) {
    const line = lines[k]!;
    if (!line.trim()) continue;
    const reason = readRow(line, nameColumn, entries);
    if (reason) skipped.push({ item: `line ${k + 1}`, reason });
  }
  return { entries, skipped };
}

/** Appends the row's entry and returns null, or returns why the row cannot be read. */
function readRow(line: string, nameColumn: number, entries: FormIndexEntry[]): string | null {
  const end = ROW_END.exec(line);
  if (!end) return 'expected CIK, date filed and file name at the end of the row';
  const cik = padCik(end[1]!);
  if (!cik) return 'CIK: expected a CIK';
  const rawDate = end[2]!;
  const filingDate = rawDate.includes('-')
    ? rawDate
    : `${rawDate.slice(0, 4)}-${rawDate.slice(4, 6)}-${rawDate.slice(6)}`;
  if (parseDay(filingDate) === null) return 'Date Filed: expected a date';
  const fileName = end[3]!;
  const base = /([^/]+)\.txt$/.exec(fileName)?.[1] ?? '';
  const accession = isAccession(base) ? base : accessionFromDigits(base);
  if (!accession) return 'File Name: expected an accession number';
  const head = line.slice(0, end.index);
  const form = head.slice(0, nameColumn).trim();
  const companyName = head.slice(nameColumn).trim();
  if (!form || !companyName) return 'expected a form type and a company name';
  entries.push({ form, companyName, cik, filingDate, fileName, accession });
  return null;
}
