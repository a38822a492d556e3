// Which person an insider is: EDGAR names reporting owners "LAST FIRST MIDDLE" (COOK TIMOTHY D), or by their firm's
// name (BERKSHIRE HATHAWAY INC). An owner who matches a tracked person with a role at the issuer (same last name, same
// first initial) is that person; any other is named by a slug of their name as people write it (timothy-d-cook).

const FIRM =
  /\b(INC|CORP|CORPORATION|CO|COMPANY|LLC|L\.L\.C|LP|L\.P|LTD|LIMITED|PLC|TRUST|FUND|FOUNDATION|HOLDINGS?|PARTNERS|CAPITAL|GROUP|MANAGEMENT|N\.?V|S\.?A|AG|GMBH|BANK|ADVISORS|INVESTMENTS?)\b\.?/i;

export interface TrackedPerson {
  slug: string;
  name: string;
}

function slugOf(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .replace(/-$/, '');
}

function words(text: string): string[] {
  return text.replace(/[.,]/g, ' ').split(/\s+/).filter(Boolean);
}

/** The owner's name as people write it: a person's "LAST FIRST M" turned to "First M Last"; a firm's as is. */
export function displayName(ownerName: string): string {
  if (FIRM.test(ownerName)) return ownerName;
  const w = words(ownerName);
  if (w.length < 2) return ownerName;
  const cased = (s: string) => (s.length <= 1 ? s.toUpperCase() : s[0]!.toUpperCase() + s.slice(1).toLowerCase());
  return [...w.slice(1), w[0]!].map(cased).join(' ');
}

export function insiderPerson(ownerName: string, tracked: readonly TrackedPerson[]): TrackedPerson {
  if (!FIRM.test(ownerName)) {
    const w = words(ownerName.toLowerCase());
    const match = tracked.find((p) => {
      const pw = words(p.name.toLowerCase());
      return pw.length >= 2 && w.length >= 2 && pw.at(-1) === w[0] && pw[0]![0] === w[1]![0];
    });
    if (match) return match;
  }
  const name = displayName(ownerName);
  return { slug: slugOf(name) || 'insider', name };
}
