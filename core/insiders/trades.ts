// Insider trades from Forms 3/4/5, behind /v1/insider-trades: every transaction row as a trade of the issuer's
// shares (a trade belongs to the issuer, never to the reporting owner's own company: Berkshire's purchase of Lennar
// is a Lennar trade), with an amendment applied to the filing it amends. A 4/A restates the form: its transactions
// replace those of the original; a 4/A that reports only holdings leaves the original's transactions in place.
import type { OwnershipDocument, OwnershipTransaction, ReportingOwner } from '../sources/sec/ownership.js';

export interface OwnershipFiling {
  accession: string;
  /** YYYY-MM-DD, as EDGAR dated the filing. */
  filingDate: string;
  document: OwnershipDocument;
}

export interface InsiderTrade extends OwnershipTransaction {
  accession: string;
  filingDate: string;
  form: OwnershipDocument['documentType'];
  issuer: OwnershipDocument['issuer'];
  /** Everyone who reported the trade jointly (Berkshire Hathaway and Warren Buffett on one form). */
  owners: (ReportingOwner & { roles: string[] })[];
  /** shares x price, where both are given. */
  value: number | null;
  /** The accession of the original form when this trade comes from an amendment that replaced it. */
  amends: string | null;
}

/** The trades of `filings`, amendments applied, newest first (by trade date, then filing). */
export function insiderTrades(filings: readonly OwnershipFiling[]): InsiderTrade[] {
  const ordered = [...filings].sort(
    (a, b) => a.filingDate.localeCompare(b.filingDate) || a.accession.localeCompare(b.accession),
  );
  // Per original filing, the filing whose transactions stand: itself, or the latest amendment reporting transactions.
  const standing = new Map<OwnershipFiling, OwnershipFiling>();
  for (const filing of ordered) {
    if (!filing.document.documentType.endsWith('/A')) {
      standing.set(filing, filing);
      continue;
    }
    const original = originalOf(filing, ordered);
    if (!original) standing.set(filing, filing);
    else if (filing.document.transactions.length) standing.set(original, filing);
  }
  const trades: InsiderTrade[] = [];
  for (const [original, filing] of standing) {
    const doc = filing.document;
    const owners = doc.owners.map((o) => ({ ...o, roles: ownerRoles(o) }));
    for (const row of doc.transactions) {
      trades.push({
        ...row,
        accession: filing.accession,
        filingDate: filing.filingDate,
        form: doc.documentType,
        issuer: doc.issuer,
        owners,
        value: row.shares !== null && row.price !== null ? row.shares * row.price : null,
        amends: filing === original ? null : original.accession,
      });
    }
  }
  return trades.sort(
    (a, b) =>
      b.date.localeCompare(a.date) ||
      b.filingDate.localeCompare(a.filingDate) ||
      b.accession.localeCompare(a.accession),
  );
}

/**
 * The form an amendment amends: the same form type, issuer and reporting owners, filed on the amendment's
 * dateOfOriginalSubmission (or, without one, the latest such form for the same period filed before it).
 */
function originalOf(amendment: OwnershipFiling, ordered: readonly OwnershipFiling[]): OwnershipFiling | undefined {
  const a = amendment.document;
  const owners = ownerKey(a.owners);
  const candidates = ordered.filter((f) => {
    const d = f.document;
    return (
      `${d.documentType}/A` === a.documentType &&
      d.issuer.cik === a.issuer.cik &&
      ownerKey(d.owners) === owners &&
      f.filingDate <= amendment.filingDate &&
      (a.dateOfOriginalSubmission ? f.filingDate === a.dateOfOriginalSubmission : d.periodOfReport === a.periodOfReport)
    );
  });
  return candidates.at(-1);
}

function ownerKey(owners: readonly ReportingOwner[]): string {
  return owners
    .map((o) => o.cik)
    .sort()
    .join(',');
}

/** What the owner is to the issuer: director, its officer title, 10% owner, other. */
export function ownerRoles(o: ReportingOwner): string[] {
  const roles: string[] = [];
  if (o.isDirector) roles.push('director');
  if (o.isOfficer) roles.push(o.officerTitle ?? 'officer');
  if (o.isTenPercentOwner) roles.push('10% owner');
  if (o.isOther) roles.push(o.otherText ?? 'other');
  return roles;
}
