// Entity references and the site path scheme they carry: one place decides what /instruments/BTC or /companies/x is.

export interface Ref {
  type: string;
  key: string;
  label: string;
  path: string | null;
}

export function instrumentRef(inst: { symbol: string; name: string }): Ref {
  return { type: 'instrument', key: inst.symbol, label: inst.name, path: `/instruments/${inst.symbol}` };
}

/** A company by its slug; until companies are loaded its label is the slug in title case. */
export function companyRef(slug: string): Ref {
  const label = slug.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
  return { type: 'company', key: slug, label, path: `/companies/${slug}` };
}
