// The demo companies' projects: two to four each, with the KPIs they report and the milestones of their plan. Times
// are months from the demo's anchor (negative: before it), so a milestone done, slipped or still planned is so in any
// generated history. A milestone reached or pushed back inside the history is told by a story on the wire.
import type { KpiRecord, ProjectRecord } from '../../sources/records.js';

export type PlanPrecision = 'day' | 'month' | 'quarter' | 'year';

export type DemoMilestone =
  /** Reached in month `done`; it had been planned for month `planned` (default: the same). */
  | { name: string; done: number; planned?: number; precision?: PlanPrecision }
  /** Still planned for month `planned` (after the anchor). */
  | { name: string; planned: number; precision: PlanPrecision }
  /** Planned for month `planned` (before or shortly after the anchor), pushed back in month `announced` to month `expected`, when said. */
  | { name: string; planned: number; announced: number; expected?: number; precision: PlanPrecision };

export type DemoKpi = Pick<KpiRecord, 'name' | 'value' | 'unit'>;

/** A project as its record, but with its KPIs reported as of the end of the last quarter before the anchor and its milestones timed from it. */
export type DemoProject = Omit<ProjectRecord, 'source' | 'sourceKey' | 'sourceUrl' | 'kpis' | 'milestones'> & {
  kpis: DemoKpi[];
  milestones: DemoMilestone[];
};

export const DEMO_PROJECTS: DemoProject[] = [
  {
    company: 'apple',
    slug: 'in-house-modem',
    name: 'In-house cellular modem',
    goal: 'Replace the bought-in cellular modem in every iPhone and iPad with a modem of its own design, to cut component costs and power use.',
    stage: 'scaling',
    status: 'on_track',
    kpis: [{ name: 'Share of new iPhone models with its own modem', value: 40, unit: '%' }],
    milestones: [
      { name: 'First phone shipped with its own modem', done: -20, planned: -21 },
      { name: 'Own modem in every new iPad with cellular', done: -8 },
      { name: 'Own modem in every new iPhone model', planned: 10, precision: 'quarter' },
    ],
  },
  {
    company: 'apple',
    slug: 'spatial-headset',
    name: 'Spatial computing headset',
    goal: 'Grow the mixed-reality headset from an early product into a platform, with a lighter and cheaper second model.',
    stage: 'development',
    status: 'delayed',
    kpis: [
      { name: 'Headsets shipped since launch', value: 640, unit: 'thousand units' },
      { name: 'Apps built for the headset', value: 3100, unit: 'apps' },
    ],
    milestones: [
      { name: 'First headset on sale', done: -22 },
      { name: 'Lighter, lower-priced model on sale', planned: -2, announced: -5, expected: 9, precision: 'quarter' },
      { name: 'Headset program for business customers', planned: 4, precision: 'month' },
    ],
  },
  {
    company: 'apple',
    slug: 'blood-pressure-alerts',
    name: 'Blood pressure alerts on the watch',
    goal: 'Warn watch wearers of signs of high blood pressure from the optical heart sensor, with regulatory clearance in its main markets.',
    stage: 'launched',
    status: 'completed',
    kpis: [{ name: 'Countries where the feature is available', value: 148, unit: 'countries' }],
    milestones: [
      { name: 'US regulatory clearance', done: -15, planned: -16 },
      { name: 'Feature live for watch users', done: -14 },
    ],
  },
  {
    company: 'microsoft',
    slug: 'ai-datacenters',
    name: 'AI data center build-out',
    goal: 'Add enough data center capacity to serve demand for AI models in its cloud, in its own buildings and leased ones.',
    stage: 'scaling',
    status: 'on_track',
    kpis: [
      { name: 'Capital expenditure in the quarter', value: 24.2, unit: 'USD billion' },
      { name: 'Data center capacity added in the last twelve months', value: 2.1, unit: 'GW' },
    ],
    milestones: [
      { name: 'First campus built for AI training energized', done: -11 },
      { name: 'Capacity on par with demand, as guided', planned: 8, precision: 'quarter' },
    ],
  },
  {
    company: 'microsoft',
    slug: 'copilot-business',
    name: 'AI assistant for business',
    goal: 'Sell an AI assistant inside its office software to business customers as a paid add-on per seat.',
    stage: 'scaling',
    status: 'on_track',
    kpis: [{ name: 'Paid business seats', value: 16.5, unit: 'million seats' }],
    milestones: [
      { name: 'Generally available to businesses', done: -23 },
      { name: 'Included in the main business bundles', done: -6, planned: -7 },
    ],
  },
  {
    company: 'microsoft',
    slug: 'quantum-chip',
    name: 'Topological quantum processor',
    goal: "Build a quantum processor on topological qubits that errs far less often than today's designs, then scale it to a useful machine.",
    stage: 'research',
    status: 'at_risk',
    kpis: [{ name: 'Qubits on the test chip', value: 8, unit: 'qubits' }],
    milestones: [
      { name: 'First chip with topological qubits shown', done: -19 },
      { name: 'Fault-tolerant prototype', planned: 30, precision: 'year' },
    ],
  },
  {
    company: 'nvidia',
    slug: 'next-gen-accelerator',
    name: 'Next-generation data center accelerator',
    goal: 'Move its data center customers to the next accelerator generation and the rack-scale systems built on it.',
    stage: 'scaling',
    status: 'on_track',
    kpis: [{ name: 'Data center revenue in the quarter', value: 41.1, unit: 'USD billion' }],
    milestones: [
      { name: 'Samples to customers', done: -17 },
      { name: 'Volume shipments of rack-scale systems', done: -9, planned: -11 },
      { name: 'Following generation sampling', planned: 7, precision: 'quarter' },
    ],
  },
  {
    company: 'nvidia',
    slug: 'networking',
    name: 'Data center networking',
    goal: 'Sell the switches and network cards that tie its accelerators into one cluster, so customers buy the whole system from it.',
    stage: 'scaling',
    status: 'on_track',
    kpis: [{ name: 'Networking revenue in the quarter', value: 7.3, unit: 'USD billion' }],
    milestones: [
      { name: 'Optical switch with co-packaged optics shipping', done: -3, planned: -4 },
      { name: 'Next switch generation announced', planned: 5, precision: 'month' },
    ],
  },
  {
    company: 'nvidia',
    slug: 'autonomous-driving',
    name: 'Autonomous driving platform',
    goal: 'Supply carmakers with the computer and software to drive without supervision on highways first, then in cities.',
    stage: 'pilot',
    status: 'delayed',
    kpis: [{ name: 'Carmakers with signed design wins', value: 21, unit: 'carmakers' }],
    milestones: [
      { name: 'First car on sale with the full platform', done: -12 },
      {
        name: 'Unsupervised highway driving in a production car',
        planned: -1,
        announced: -4,
        expected: 11,
        precision: 'quarter',
      },
    ],
  },
  {
    company: 'tesla',
    slug: 'robotaxi',
    name: 'Robotaxi service',
    goal: 'Run a paid ride-hailing service with cars driving themselves without a safety driver, city by city.',
    stage: 'pilot',
    status: 'delayed',
    kpis: [
      { name: 'Cities with a paid service', value: 3, unit: 'cities' },
      { name: 'Vehicles in the fleet', value: 420, unit: 'vehicles' },
    ],
    milestones: [
      { name: 'Paid rides with a safety monitor in one city', done: -5, planned: -9 },
      {
        name: 'Rides without anyone on board in one city',
        planned: -2,
        announced: -3,
        expected: 4,
        precision: 'month',
      },
      { name: 'Service in ten metropolitan areas', planned: 12, precision: 'year' },
    ],
  },
  {
    company: 'tesla',
    slug: 'lower-cost-model',
    name: 'Lower-cost vehicle',
    goal: 'Bring a smaller, cheaper car to market built on a new, simpler production process.',
    stage: 'development',
    status: 'delayed',
    kpis: [],
    milestones: [
      { name: 'Production line tooling ordered', done: -10 },
      { name: 'Start of production', planned: -6, announced: -8, expected: 8, precision: 'quarter' },
    ],
  },
  {
    company: 'tesla',
    slug: 'energy-storage',
    name: 'Stationary energy storage',
    goal: 'Grow grid-scale battery deployments with a second dedicated factory.',
    stage: 'scaling',
    status: 'on_track',
    kpis: [{ name: 'Storage deployed in the quarter', value: 12.5, unit: 'GWh' }],
    milestones: [
      { name: 'Second storage factory producing', done: -7, planned: -8 },
      { name: 'Third factory site chosen', planned: 6, precision: 'quarter' },
    ],
  },
  {
    company: 'amazon',
    slug: 'satellite-internet',
    name: 'Low-orbit satellite internet',
    goal: 'Put a constellation of low-orbit satellites into service to sell broadband to homes, businesses and governments.',
    stage: 'testing',
    status: 'delayed',
    kpis: [{ name: 'Satellites in orbit', value: 212, unit: 'satellites' }],
    milestones: [
      { name: 'First production satellites launched', done: -15, planned: -17 },
      {
        name: 'Commercial service in the first countries',
        planned: -1,
        announced: -4,
        expected: 5,
        precision: 'quarter',
      },
      { name: 'Half of the constellation launched', planned: 20, precision: 'year' },
    ],
  },
  {
    company: 'amazon',
    slug: 'custom-ai-chips',
    name: 'In-house AI chips',
    goal: 'Offer its own training and inference chips in its cloud as a cheaper alternative to bought-in accelerators.',
    stage: 'scaling',
    status: 'on_track',
    kpis: [{ name: 'Cloud AI capacity on its own chips', value: 1.1, unit: 'million chips' }],
    milestones: [
      { name: 'Second-generation training chip generally available', done: -12 },
      { name: 'Third generation in its data centers', planned: 6, precision: 'quarter' },
    ],
  },
  {
    company: 'amazon',
    slug: 'drone-delivery',
    name: 'Drone delivery',
    goal: 'Deliver small parcels by drone within an hour in suburban areas.',
    stage: 'pilot',
    status: 'at_risk',
    kpis: [{ name: 'Sites offering drone delivery', value: 4, unit: 'sites' }],
    milestones: [
      { name: 'Beyond-line-of-sight approval', done: -18 },
      { name: 'Delivery from 20 sites', planned: 14, precision: 'year' },
    ],
  },
  {
    company: 'jpmorgan-chase',
    slug: 'instant-payments',
    name: 'Real-time payments platform',
    goal: "Move corporate clients' payments onto a platform that settles around the clock, across borders included.",
    stage: 'launched',
    status: 'on_track',
    kpis: [{ name: 'Daily payment volume on the platform', value: 2.3, unit: 'USD billion' }],
    milestones: [
      { name: 'Platform live for US corporate clients', done: -16 },
      { name: 'Cross-border settlement in euro and sterling', planned: 5, precision: 'quarter' },
    ],
  },
  {
    company: 'jpmorgan-chase',
    slug: 'branch-expansion',
    name: 'Branch network expansion',
    goal: 'Open branches in states where it had few or none, to gather deposits nationwide.',
    stage: 'scaling',
    status: 'on_track',
    kpis: [{ name: 'Branches opened under the plan', value: 412, unit: 'branches' }],
    milestones: [
      { name: 'Branches in all lower 48 states', done: -4, planned: -6 },
      { name: '500 new branches', planned: 15, precision: 'year' },
    ],
  },
  {
    company: 'exxon-mobil',
    slug: 'offshore-development',
    name: 'Deepwater oil development',
    goal: 'Bring new floating production vessels on line at its deepwater fields to lift output at low cost per barrel.',
    stage: 'scaling',
    status: 'on_track',
    kpis: [{ name: 'Gross production from the fields', value: 660, unit: 'thousand barrels a day' }],
    milestones: [
      { name: 'Fourth production vessel on line', done: -16 },
      { name: 'Fifth production vessel on line', done: -3, planned: -3 },
      { name: 'Sixth production vessel on line', planned: 13, precision: 'year' },
    ],
  },
  {
    company: 'exxon-mobil',
    slug: 'carbon-capture',
    name: 'Carbon capture and storage hub',
    goal: 'Capture carbon dioxide from industrial plants along the Gulf Coast and store it underground for a fee.',
    stage: 'pilot',
    status: 'delayed',
    kpis: [{ name: 'Contracted capture capacity', value: 6.7, unit: 'million tonnes a year' }],
    milestones: [
      { name: 'First customer contracts signed', done: -21 },
      { name: 'First injection of captured carbon', planned: -3, announced: -6, expected: 10, precision: 'quarter' },
    ],
  },
  {
    company: 'exxon-mobil',
    slug: 'lithium',
    name: 'Lithium extraction',
    goal: 'Produce battery-grade lithium from brine in its existing oil fields.',
    stage: 'development',
    status: 'at_risk',
    kpis: [],
    milestones: [{ name: 'First lithium production', planned: 18, precision: 'year' }],
  },
  {
    company: 'eli-lilly',
    slug: 'oral-obesity-drug',
    name: 'Oral obesity treatment',
    goal: 'Bring a once-daily pill for weight loss to market as an alternative to weekly injections.',
    stage: 'testing',
    status: 'on_track',
    kpis: [{ name: 'Mean weight loss in the phase 3 trial', value: 12.4, unit: '%' }],
    milestones: [
      { name: 'Phase 3 results', done: -4, planned: -5 },
      { name: 'Filing with the US regulator', done: -1, planned: -2 },
      { name: 'US approval decision', planned: 9, precision: 'quarter' },
    ],
  },
  {
    company: 'eli-lilly',
    slug: 'manufacturing-expansion',
    name: 'Manufacturing expansion',
    goal: 'Build new plants for the active ingredients and injection pens of its metabolic medicines, to end supply shortages.',
    stage: 'scaling',
    status: 'on_track',
    kpis: [{ name: 'Committed investment', value: 50, unit: 'USD billion' }],
    milestones: [
      { name: 'Shortage of its obesity injections declared over', done: -13 },
      { name: 'First new US plant producing', planned: 16, precision: 'year' },
    ],
  },
  {
    company: 'eli-lilly',
    slug: 'alzheimers-antibody',
    name: "Alzheimer's antibody",
    goal: "Widen use of its antibody for early Alzheimer's disease with an easier dosing schedule.",
    stage: 'launched',
    status: 'on_track',
    kpis: [{ name: 'Revenue in the quarter', value: 0.18, unit: 'USD billion' }],
    milestones: [
      { name: 'US approval', done: -23 },
      { name: 'Approval of the monthly dose', planned: 7, precision: 'quarter' },
    ],
  },
  {
    company: 'state-street',
    slug: 'digital-asset-custody',
    name: 'Digital asset custody',
    goal: 'Hold crypto assets and tokenized funds for institutional clients alongside their securities.',
    stage: 'pilot',
    status: 'on_track',
    kpis: [{ name: 'Clients in the pilot', value: 14, unit: 'clients' }],
    milestones: [
      { name: 'Custody pilot with the first clients', done: -9 },
      { name: 'Service for all custody clients', planned: 8, precision: 'quarter' },
    ],
  },
  {
    company: 'state-street',
    slug: 'etf-fee-cuts',
    name: 'Lower-fee ETF lineup',
    goal: 'Keep its index funds competitive with cheaper share classes and new low-cost funds.',
    stage: 'launched',
    status: 'completed',
    kpis: [{ name: 'Assets in the low-cost lineup', value: 210, unit: 'USD billion' }],
    milestones: [{ name: 'Low-cost lineup relaunched', done: -12 }],
  },
  {
    company: 'invesco',
    slug: 'fund-conversion',
    name: 'Flagship fund structure change',
    goal: 'Convert its Nasdaq-100 tracker from a unit investment trust to an open-end fund, so it can lend securities and reinvest dividends.',
    stage: 'launched',
    status: 'completed',
    kpis: [{ name: 'Assets in the converted fund', value: 390, unit: 'USD billion' }],
    milestones: [
      { name: 'Shareholder approval', done: -11, planned: -12 },
      { name: 'Conversion completed', done: -10 },
    ],
  },
  {
    company: 'invesco',
    slug: 'private-credit',
    name: 'Private credit funds',
    goal: 'Raise private credit funds for wealth clients with a partner bank.',
    stage: 'development',
    status: 'on_track',
    kpis: [{ name: 'Capital raised', value: 3.4, unit: 'USD billion' }],
    milestones: [
      { name: 'Partnership signed', done: -8 },
      { name: 'First fund open to wealth clients', planned: 3, precision: 'month' },
    ],
  },
];
