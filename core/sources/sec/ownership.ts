// The ownershipDocument XML of Forms 3, 4 and 5 and their amendments (schemas X0306 to X0609): the issuer, every
// reporting owner, the non-derivative and derivative tables (transactions and holdings), each row with the footnotes
// it cites resolved to their text and whether it was made under a Rule 10b5-1 plan. A row that cannot be read is
// skipped with its reason; a document that is not such a form is a PayloadError.
import { parseDay } from '../../days.js';
import { ItemError, readEach } from '../fields.js';
import { PayloadError, type SkippedItem } from '../provenance.js';
import { childElements, firstChild, parseXml, textOf, type XmlElement, XmlError } from '../xml.js';
import { padCik } from './ids.js';
import { type PlanEvidence, planEvidence } from './rule-10b5-1.js';
import { isTransactionCode, type TransactionCode } from './transaction-codes.js';

const DATE = /^\d{4}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})?$/;

export const OWNERSHIP_SCHEMAS = ['X0306', 'X0407', 'X0508', 'X0609'] as const;
export const OWNERSHIP_FORMS = ['3', '3/A', '4', '4/A', '5', '5/A'] as const;
export type OwnershipForm = (typeof OWNERSHIP_FORMS)[number];

export interface ReportingOwner {
  cik: string;
  name: string;
  isDirector: boolean;
  isOfficer: boolean;
  officerTitle: string | null;
  isTenPercentOwner: boolean;
  isOther: boolean;
  otherText: string | null;
}

export type OwnershipTable = 'non-derivative' | 'derivative';

/** The terms of a derivative security (an option, a convertible share class...). */
export interface DerivativeTerms {
  exercisePrice: number | null;
  exerciseDate: string | null;
  expirationDate: string | null;
  underlyingTitle: string | null;
  underlyingShares: number | null;
}

interface Row {
  table: OwnershipTable;
  securityTitle: string;
  /** Shares owned after the row (for a holding: owned at the period's end); null where the form gives a value instead. */
  sharesOwnedAfter: number | null;
  directOrIndirect: 'D' | 'I';
  natureOfOwnership: string | null;
  /** Null in the non-derivative table. */
  derivative: DerivativeTerms | null;
  /** The text of every footnote the row cites, in the order cited. */
  footnotes: string[];
}

export interface OwnershipTransaction extends Row {
  /** YYYY-MM-DD. */
  date: string;
  deemedExecutionDate: string | null;
  code: TransactionCode;
  equitySwap: boolean;
  shares: number | null;
  price: number | null;
  acquiredDisposed: 'A' | 'D';
  /** How the trade is known to be under a Rule 10b5-1 plan, or null. */
  plan: PlanEvidence | null;
}

export type OwnershipHolding = Row;

export interface OwnershipDocument {
  schemaVersion: (typeof OWNERSHIP_SCHEMAS)[number];
  documentType: OwnershipForm;
  periodOfReport: string;
  /** For an amendment: when the form it amends was filed. */
  dateOfOriginalSubmission: string | null;
  issuer: { cik: string; name: string; ticker: string | null };
  owners: ReportingOwner[];
  /** The Rule 10b5-1 checkbox; null in schemas before it existed. */
  aff10b5One: boolean | null;
  transactions: OwnershipTransaction[];
  holdings: OwnershipHolding[];
  footnotes: { id: string; text: string }[];
  remarks: string | null;
  skipped: SkippedItem[];
}

export function parseOwnership(text: string): OwnershipDocument {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (err) {
    if (err instanceof XmlError) throw new PayloadError(`not XML: ${err.message}`);
    throw err;
  }
  if (root.name !== 'ownershipDocument')
    throw new PayloadError(`not an ownership form: the root element is <${root.name}>, not <ownershipDocument>`);
  try {
    return readDocument(root);
  } catch (err) {
    // A field outside the tables belongs to the whole form: if it cannot be read, neither can the form.
    if (err instanceof ItemError) throw new PayloadError(err.message);
    throw err;
  }
}

function readDocument(root: XmlElement): OwnershipDocument {
  const doc = new ElementFields(root);
  const schemaVersion = doc.text('schemaVersion');
  if (!(OWNERSHIP_SCHEMAS as readonly string[]).includes(schemaVersion)) {
    throw new PayloadError(
      `schemaVersion ${JSON.stringify(schemaVersion)} is not one this reader knows (${OWNERSHIP_SCHEMAS.join(', ')})`,
    );
  }
  const documentType = doc.text('documentType');
  if (!(OWNERSHIP_FORMS as readonly string[]).includes(documentType))
    throw new PayloadError(`documentType ${JSON.stringify(documentType)} is not a Form 3, 4 or 5`);
  const periodOfReport = doc.date('periodOfReport');
  if (!periodOfReport) throw new PayloadError('periodOfReport: expected a date YYYY-MM-DD');
  const issuerEl = firstChild(root, 'issuer');
  const issuer = issuerEl && new ElementFields(issuerEl);
  const issuerCik = issuer && padCik(issuer.text('issuerCik'));
  if (!issuer || !issuerCik || !issuer.text('issuerName'))
    throw new PayloadError('issuer: expected issuerCik and issuerName');

  const skipped: SkippedItem[] = [];
  /** The elements read by `read`, those that cannot be read reported in `skipped`. */
  const each = <T>(elements: XmlElement[], name: string, read: (el: XmlElement) => T): T[] => {
    const { records, skipped: left } = readEach(elements, name, read);
    skipped.push(...left);
    return records;
  };
  const footnotes = childElements(firstChild(root, 'footnotes') ?? root, 'footnote').map((f) => ({
    id: f.attributes.id ?? '',
    text: squash(textOf(f)),
  }));
  const footnoteText = new Map(footnotes.map((f) => [f.id, f.text]));
  const owners = each(childElements(root, 'reportingOwner'), 'reportingOwner', readOwner);
  if (!owners.length) throw new PayloadError('reportingOwner: expected at least one reporting owner');
  const aff10b5One = firstChild(root, 'aff10b5One') ? doc.flag('aff10b5One') : null;

  const transactions: OwnershipTransaction[] = [];
  const holdings: OwnershipHolding[] = [];
  for (const [tableName, table] of [
    ['nonDerivativeTable', 'non-derivative'],
    ['derivativeTable', 'derivative'],
  ] as const) {
    const tableEl = firstChild(root, tableName);
    if (!tableEl) continue;
    const prefix = table === 'derivative' ? 'derivative' : 'nonDerivative';
    const rowOf = (el: XmlElement) => readRow(el, table, footnoteText);
    transactions.push(
      ...each(childElements(tableEl, `${prefix}Transaction`), `${tableName}.${prefix}Transaction`, (el) =>
        readTransaction(el, rowOf(el), aff10b5One),
      ),
    );
    holdings.push(...each(childElements(tableEl, `${prefix}Holding`), `${tableName}.${prefix}Holding`, rowOf));
  }
  return {
    schemaVersion: schemaVersion as OwnershipDocument['schemaVersion'],
    documentType: documentType as OwnershipForm,
    periodOfReport,
    dateOfOriginalSubmission: doc.date('dateOfOriginalSubmission'),
    issuer: { cik: issuerCik, name: issuer.text('issuerName'), ticker: issuer.text('issuerTradingSymbol') || null },
    owners,
    aff10b5One,
    transactions,
    holdings,
    footnotes,
    remarks: doc.text('remarks') || null,
    skipped,
  };
}

function readOwner(el: XmlElement): ReportingOwner {
  const id = new ElementFields(firstChild(el, 'reportingOwnerId') ?? el);
  const cik = padCik(id.text('rptOwnerCik'));
  if (!cik) throw new ItemError('rptOwnerCik: expected a CIK');
  const name = id.text('rptOwnerName');
  if (!name) throw new ItemError('rptOwnerName: expected a name');
  const rel = new ElementFields(firstChild(el, 'reportingOwnerRelationship') ?? el);
  return {
    cik,
    name,
    isDirector: rel.flag('isDirector'),
    isOfficer: rel.flag('isOfficer'),
    officerTitle: rel.text('officerTitle') || null,
    isTenPercentOwner: rel.flag('isTenPercentOwner'),
    isOther: rel.flag('isOther'),
    otherText: rel.text('otherText') || null,
  };
}

function readRow(el: XmlElement, table: OwnershipTable, footnoteText: Map<string, string>): Row {
  const r = new ElementFields(el);
  const securityTitle = r.value('securityTitle');
  if (!securityTitle) throw new ItemError('securityTitle: expected a title');
  const directOrIndirect = r.value('ownershipNature', 'directOrIndirectOwnership');
  if (directOrIndirect !== 'D' && directOrIndirect !== 'I')
    throw new ItemError('directOrIndirectOwnership: expected D or I');
  return {
    table,
    securityTitle,
    sharesOwnedAfter: r.number('postTransactionAmounts', 'sharesOwnedFollowingTransaction'),
    directOrIndirect,
    natureOfOwnership: r.value('ownershipNature', 'natureOfOwnership') || null,
    derivative:
      table === 'derivative'
        ? {
            exercisePrice: r.number('conversionOrExercisePrice'),
            exerciseDate: r.dateValue('exerciseDate'),
            expirationDate: r.dateValue('expirationDate'),
            underlyingTitle: r.value('underlyingSecurity', 'underlyingSecurityTitle') || null,
            underlyingShares: r.number('underlyingSecurity', 'underlyingSecurityShares'),
          }
        : null,
    footnotes: citedFootnotes(el, footnoteText),
  };
}

function readTransaction(el: XmlElement, row: Row, checkbox: boolean | null): OwnershipTransaction {
  const r = new ElementFields(el);
  const date = r.dateValue('transactionDate');
  if (!date) throw new ItemError('transactionDate: expected a date YYYY-MM-DD');
  const code = r.text('transactionCoding', 'transactionCode');
  if (!isTransactionCode(code))
    throw new ItemError(`transactionCode: ${JSON.stringify(code)} is not a Form 4 transaction code`);
  const acquiredDisposed = r.value('transactionAmounts', 'transactionAcquiredDisposedCode');
  if (acquiredDisposed !== 'A' && acquiredDisposed !== 'D')
    throw new ItemError('transactionAcquiredDisposedCode: expected A or D');
  return {
    ...row,
    date,
    deemedExecutionDate: r.dateValue('deemedExecutionDate'),
    code,
    equitySwap: r.flag('transactionCoding', 'equitySwapInvolved'),
    shares: r.number('transactionAmounts', 'transactionShares'),
    price: r.number('transactionAmounts', 'transactionPricePerShare'),
    acquiredDisposed,
    plan: planEvidence(checkbox, row.footnotes),
  };
}

/** The text of every footnote cited anywhere inside `el`, each once, in the order first cited. */
function citedFootnotes(el: XmlElement, footnoteText: Map<string, string>): string[] {
  const ids: string[] = [];
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (typeof c === 'string') continue;
      if (c.name === 'footnoteId') {
        const id = c.attributes.id ?? '';
        if (!ids.includes(id)) ids.push(id);
      } else walk(c);
    }
  };
  walk(el);
  return ids.map((id) => {
    const text = footnoteText.get(id);
    if (text === undefined) throw new ItemError(`footnote ${JSON.stringify(id)} is cited but not given`);
    return text;
  });
}

/** The field a path names: its last element other than the form's `<value>` wrapper. */
function fieldName(path: string[]): string {
  return path.filter((p) => p !== 'value').at(-1) ?? '';
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Reads the fields of one element; a field that is present but malformed is an ItemError naming it. */
class ElementFields {
  constructor(private readonly el: XmlElement) {}

  private find(path: string[]): XmlElement | undefined {
    let el: XmlElement | undefined = this.el;
    for (const name of path) el = el && firstChild(el, name);
    return el;
  }

  /** The trimmed text at `path`, '' when absent. */
  text(...path: string[]): string {
    const el = this.find(path);
    return el ? squash(textOf(el)) : '';
  }

  /** The text of the `<value>` under `path` (the form's way of writing a field that may carry footnotes). */
  value(...path: string[]): string {
    return this.text(...path, 'value');
  }

  number(...path: string[]): number | null {
    const v = this.value(...path);
    if (!v) return null;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v))
      throw new ItemError(`${fieldName(path)}: ${JSON.stringify(v)} is not a number`);
    return Number(v);
  }

  /** A date, which the schema allows with a time zone (2024-12-09-05:00): the zone is dropped. */
  date(...path: string[]): string | null {
    const v = this.text(...path);
    if (!v) return null;
    if (!DATE.test(v) || parseDay(v.slice(0, 10)) === null)
      throw new ItemError(`${fieldName(path)}: ${JSON.stringify(v)} is not a date`);
    return v.slice(0, 10);
  }

  dateValue(...path: string[]): string | null {
    return this.date(...path, 'value');
  }

  /** A checkbox: 1/true or 0/false, absent meaning false. */
  flag(...path: string[]): boolean {
    const v = this.text(...path).toLowerCase();
    if (v === '1' || v === 'true') return true;
    if (v === '' || v === '0' || v === 'false') return false;
    throw new ItemError(`${fieldName(path)}: ${JSON.stringify(v)} is not 0, 1, true or false`);
  }
}
