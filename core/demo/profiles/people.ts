// The demo's people: invented executives and directors of the demo companies, and the invented policymakers of the
// central bank whose rate decisions the demo story tells. Dates are months before the demo's anchor, so the same
// roles fall in the same place of any generated history; a role that starts inside the history is announced by a story.
import type { PersonKind } from '../../vocabulary.js';

export interface DemoRole {
  title: string;
  /** A demo company's slug, or an institution's name. */
  company?: string;
  institution?: string;
  /** Months before the anchor the role began (the first of that month); `until` likewise, absent while held. */
  sinceMonths: number;
  untilMonths?: number;
}

export interface DemoPerson {
  slug: string;
  name: string;
  kind: PersonKind;
  summary: string;
  roles: DemoRole[];
}

export const CENTRAL_BANK = 'Federal Reserve';

const exec = (
  slug: string,
  name: string,
  summary: string,
  roles: DemoRole[],
  kind: PersonKind = 'executive',
): DemoPerson => ({ slug, name, kind, summary, roles });

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    slug: 'helena-marsh',
    name: 'Helena Marsh',
    kind: 'policymaker',
    summary:
      "Chairs the Federal Reserve Board and its rate-setting committee; an economist who ran the bank's research division before joining the Board.",
    roles: [
      { title: 'Chair of the Board of Governors', institution: CENTRAL_BANK, sinceMonths: 44 },
      { title: 'Governor', institution: CENTRAL_BANK, sinceMonths: 92 },
    ],
  },
  {
    slug: 'david-okafor',
    name: 'David Okafor',
    kind: 'policymaker',
    summary: 'Vice Chair of the Federal Reserve Board, responsible for its outlook on the labour market.',
    roles: [{ title: 'Vice Chair of the Board of Governors', institution: CENTRAL_BANK, sinceMonths: 30 }],
  },
  {
    slug: 'priya-raman',
    name: 'Priya Raman',
    kind: 'policymaker',
    summary:
      'Governor of the Federal Reserve Board and a voting member of its rate-setting committee; known for her speeches on inflation expectations.',
    roles: [{ title: 'Governor', institution: CENTRAL_BANK, sinceMonths: 15 }],
  },
  exec(
    'marcus-ellery',
    'Marcus Ellery',
    'Chief executive of Apple, previously its head of operations and supply chain.',
    [
      { title: 'Chief Executive Officer', company: 'apple', sinceMonths: 70 },
      { title: 'Chief Operating Officer', company: 'apple', sinceMonths: 130, untilMonths: 70 },
    ],
  ),
  exec(
    'naomi-castellanos',
    'Naomi Castellanos',
    'Chief financial officer of Apple since the autumn, after running its corporate finance team.',
    [{ title: 'Chief Financial Officer', company: 'apple', sinceMonths: 13 }],
  ),
  exec(
    'richard-vance',
    'Richard Vance',
    "Independent chair of Apple's board, a former chief executive of an industrial group.",
    [{ title: 'Chair of the Board', company: 'apple', sinceMonths: 60 }],
    'director',
  ),
  exec(
    'arjun-mehta',
    'Arjun Mehta',
    'Chief executive of Microsoft, who built its cloud business before taking the top job.',
    [{ title: 'Chief Executive Officer', company: 'microsoft', sinceMonths: 96 }],
  ),
  exec('claire-donovan', 'Claire Donovan', 'Chief financial officer of Microsoft.', [
    { title: 'Chief Financial Officer', company: 'microsoft', sinceMonths: 52 },
  ]),
  exec(
    'samuel-whitfield',
    'Samuel Whitfield',
    "Lead independent director of Microsoft's board.",
    [{ title: 'Lead Independent Director', company: 'microsoft', sinceMonths: 40 }],
    'director',
  ),
  exec(
    'daniel-cho',
    'Daniel Cho',
    'Co-founder and chief executive of NVIDIA since its start.',
    [{ title: 'Co-founder, President and Chief Executive Officer', company: 'nvidia', sinceMonths: 400 }],
    'founder',
  ),
  exec('laura-kessler', 'Laura Kessler', 'Chief financial officer of NVIDIA.', [
    { title: 'Chief Financial Officer', company: 'nvidia', sinceMonths: 60 },
  ]),
  exec(
    'harold-benning',
    'Harold Benning',
    'Independent director of NVIDIA and chair of its audit committee, a former semiconductor industry finance chief.',
    [{ title: 'Independent Director', company: 'nvidia', sinceMonths: 84 }],
    'director',
  ),
  exec(
    'victor-lund',
    'Victor Lund',
    'Chief executive of Tesla and its largest individual shareholder; an early investor who took over as chief executive in its first years.',
    [{ title: 'Chief Executive Officer', company: 'tesla', sinceMonths: 200 }],
    'founder',
  ),
  exec(
    'ana-ribeiro',
    'Ana Ribeiro',
    'Chief financial officer of Tesla, promoted from head of the automotive finance team.',
    [{ title: 'Chief Financial Officer', company: 'tesla', sinceMonths: 10 }],
  ),
  exec(
    'miriam-achebe',
    'Miriam Achebe',
    'Independent director of Tesla, who led an energy storage company before joining the board.',
    [{ title: 'Independent Director', company: 'tesla', sinceMonths: 58 }],
    'director',
  ),
  exec('jacob-stern', 'Jacob Stern', 'Former chief financial officer of Tesla, who left to lead a battery start-up.', [
    { title: 'Chief Financial Officer', company: 'tesla', sinceMonths: 66, untilMonths: 10 },
  ]),
  exec('thomas-byrne', 'Thomas Byrne', 'Chief executive of Amazon, who ran its cloud division for a decade.', [
    { title: 'Chief Executive Officer', company: 'amazon', sinceMonths: 64 },
  ]),
  exec('mei-lin-zhou', 'Mei Lin Zhou', 'Chief financial officer of Amazon.', [
    { title: 'Chief Financial Officer', company: 'amazon', sinceMonths: 36 },
  ]),
  exec(
    'jonah-feld',
    'Jonah Feld',
    'Founder of Amazon and chair of its board since handing over the chief executive role.',
    [
      { title: 'Executive Chair', company: 'amazon', sinceMonths: 64 },
      { title: 'Founder and Chief Executive Officer', company: 'amazon', sinceMonths: 380, untilMonths: 64 },
    ],
    'founder',
  ),
  exec(
    'conrad-ilves',
    'Conrad Ilves',
    'Independent director of Amazon, a former logistics executive who chairs its nominating committee.',
    [{ title: 'Independent Director', company: 'amazon', sinceMonths: 72 }],
    'director',
  ),
  exec('eleanor-whitcombe', 'Eleanor Whitcombe', 'Chair and chief executive of JPMorgan Chase.', [
    { title: 'Chair and Chief Executive Officer', company: 'jpmorgan-chase', sinceMonths: 20 },
    {
      title: 'Chief Executive Officer, Consumer and Community Banking',
      company: 'jpmorgan-chase',
      sinceMonths: 84,
      untilMonths: 20,
    },
  ]),
  exec('rafael-ortega', 'Rafael Ortega', 'Chief financial officer of JPMorgan Chase.', [
    { title: 'Chief Financial Officer', company: 'jpmorgan-chase', sinceMonths: 28 },
  ]),
  exec(
    'beatrice-olsen',
    'Beatrice Olsen',
    'Lead independent director of JPMorgan Chase, formerly a bank supervisor.',
    [{ title: 'Lead Independent Director', company: 'jpmorgan-chase', sinceMonths: 66 }],
    'director',
  ),
  exec('gregory-hale', 'Gregory Hale', 'Chair and chief executive of Exxon Mobil, a petroleum engineer by training.', [
    { title: 'Chair and Chief Executive Officer', company: 'exxon-mobil', sinceMonths: 100 },
  ]),
  exec('sunita-varma', 'Sunita Varma', 'Chief financial officer of Exxon Mobil.', [
    { title: 'Chief Financial Officer', company: 'exxon-mobil', sinceMonths: 18 },
  ]),
  exec(
    'tomasz-wrobel',
    'Tomasz Wrobel',
    "Independent director of Exxon Mobil, a geologist who ran a national oil company's exploration arm.",
    [{ title: 'Independent Director', company: 'exxon-mobil', sinceMonths: 90 }],
    'director',
  ),
  exec(
    'martin-albrecht',
    'Martin Albrecht',
    'Chair and chief executive of Eli Lilly, previously head of its diabetes business.',
    [{ title: 'Chair and Chief Executive Officer', company: 'eli-lilly', sinceMonths: 104 }],
  ),
  exec('isabel-moreau', 'Isabel Moreau', 'Chief financial officer of Eli Lilly.', [
    { title: 'Chief Financial Officer', company: 'eli-lilly', sinceMonths: 32 },
  ]),
  exec(
    'kwame-mensah',
    'Kwame Mensah',
    'Chief scientific officer of Eli Lilly, in charge of research and clinical development.',
    [{ title: 'Chief Scientific Officer', company: 'eli-lilly', sinceMonths: 7 }],
  ),
  exec(
    'renata-coelho',
    'Renata Coelho',
    'Independent director of Eli Lilly, a physician and former hospital group chief executive.',
    [{ title: 'Independent Director', company: 'eli-lilly', sinceMonths: 54 }],
    'director',
  ),
  exec('patricia-lowell', 'Patricia Lowell', 'Chair and chief executive of State Street.', [
    { title: 'Chair and Chief Executive Officer', company: 'state-street', sinceMonths: 48 },
  ]),
  exec('henrik-dahl', 'Henrik Dahl', 'Chief financial officer of State Street.', [
    { title: 'Chief Financial Officer', company: 'state-street', sinceMonths: 22 },
  ]),
  exec('oliver-grant', 'Oliver Grant', 'President and chief executive of Invesco.', [
    { title: 'President and Chief Executive Officer', company: 'invesco', sinceMonths: 34 },
  ]),
  exec('fatima-haddad', 'Fatima Haddad', 'Chief financial officer of Invesco.', [
    { title: 'Chief Financial Officer', company: 'invesco', sinceMonths: 40 },
  ]),
];

/** The person who holds `title` at a company now (its chief executive, say), for the stories that quote them. */
export function holderOf(company: string, title: RegExp): DemoPerson {
  const found = DEMO_PEOPLE.find((p) =>
    p.roles.some((r) => r.company === company && r.untilMonths === undefined && title.test(r.title)),
  );
  if (!found) throw new Error(`no current ${title} at ${company} in the demo`);
  return found;
}
