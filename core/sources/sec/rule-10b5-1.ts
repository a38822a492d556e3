// Whether a trade was made under a Rule 10b5-1 trading plan: the form's checkbox says so first (schema X0407 and
// later), else a footnote of the trade that names Rule 10b5-1. The anti-fraud Rule 10b-5, which footnotes also cite,
// is not a plan.

// "10b5-1", "10b5–1(c)", "10b-5-1", "10b5 - 1"; never "10b-5" alone nor "10b5-12".
const RULE_10B5_1 = /\b10b-?5\s*[-\u2010-\u2014]\s*1(?!\d)/i;

export type PlanEvidence = 'checkbox' | 'footnote';

export function namesRule10b51(text: string): boolean {
  return RULE_10B5_1.test(text);
}

/** How a trade is known to be under a 10b5-1 plan, or null when nothing says it is. */
export function planEvidence(checkbox: boolean | null, footnotes: readonly string[]): PlanEvidence | null {
  if (checkbox === true) return 'checkbox';
  return footnotes.some(namesRule10b51) ? 'footnote' : null;
}
