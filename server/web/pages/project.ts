// GET /projects/{company}/{project}: what a company is building, how far along and against its plan, its KPIs with
// their units and milestones as dated as they were given, under the company's labelled price; with the stories about
// it and the company's other projects.
import { grouped, pct, usdShort } from '../../../core/figures.js';
import type { Milestone, ProjectDetail, ProjectSummary } from '../../../core/schemas/projects.js';
import {
  MILESTONE_STATUS_LABELS,
  PROJECT_STAGE_LABELS,
  PROJECT_STATUS_LABELS,
} from '../../../core/vocabulary-labels.js';
import { keyFigures, pageHead, type Quoted } from '../head.js';
import { type Html, html } from '../html.js';
import { page } from '../layout.js';
import type { WebPage } from '../page.js';
import { fmtDay, fmtWhen, refLink, sourceLink, storyList } from '../parts.js';
import { table } from '../table.js';

/** A KPI in its unit: dollars scaled, percents with their sign, any other count grouped with its unit after it. */
function kpiValue(value: number, unit: string): string {
  if (unit === 'USD') return usdShort(value);
  if (unit === '%') return pct(value, 1);
  return `${grouped(value)} ${unit}`;
}

/** When a milestone was or is to be reached, as exactly as it was planned. */
export function milestoneWhen(m: Milestone): Html {
  if (m.doneOn) return html`done ${fmtDay(m.doneOn)}`;
  if (m.expectedFor)
    return html`expected ${fmtDay(m.expectedFor)}, planned for ${fmtWhen(m.plannedFor, m.plannedPrecision)}`;
  return html`planned for ${fmtWhen(m.plannedFor, m.plannedPrecision)}`;
}

const stageAndStatus = (p: ProjectSummary) => `${PROJECT_STAGE_LABELS[p.stage]}, ${PROJECT_STATUS_LABELS[p.status]}`;

/** Projects as a table: name, stage and status, the next milestone. */
export function projectTable(projects: readonly ProjectSummary[], empty = 'No projects.'): Html {
  return table(
    projects,
    [
      { head: 'Project', cell: (p) => refLink(p, p.name) },
      { head: 'Stage', cell: stageAndStatus },
      {
        head: 'Next milestone',
        cell: (p) =>
          p.nextMilestone
            ? html`${p.nextMilestone.name} <span class="muted">${milestoneWhen(p.nextMilestone)}</span>`
            : html`<span class="muted">none planned</span>`,
      },
    ],
    empty,
  );
}

function body(p: ProjectDetail, quoted: Quoted | null): Html {
  return html`${pageHead(p.name, html`project of ${refLink(p.company)}`, quoted)}
<p>${p.goal}</p>
${keyFigures([
  ['Stage', PROJECT_STAGE_LABELS[p.stage]],
  ['Against its plan', PROJECT_STATUS_LABELS[p.status]],
  ...p.kpis.map((k): [string, string, Html] => [k.name, kpiValue(k.value, k.unit), html`as of ${fmtDay(k.asOf)}`]),
])}
<h2>Milestones</h2>${table(
    p.milestones,
    [
      { head: 'Milestone', cell: (m) => m.name },
      { head: 'Status', cell: (m) => MILESTONE_STATUS_LABELS[m.status] },
      { head: 'When', cell: milestoneWhen },
      { head: 'Source', cell: (m) => sourceLink(m.sourceUrl, 'report') },
    ],
    'No milestones announced.',
  )}
<h2>Stories</h2>${storyList(p.events)}
<h2>Other projects of ${p.company.label}</h2>${projectTable(p.siblings)}
${p.sourceUrl ? html`<p class="muted">Described ${sourceLink(p.sourceUrl, 'here')}.</p>` : ''}`;
}

export const projectPage: WebPage = {
  path: '/projects/:company/:project',
  async render({ params, services, caller }) {
    const p = await services.projects.detail(params[0]!, params[1]!, caller);
    return page({ title: p.name, body: body(p, await services.companies.primaryInstrument(p.company.key)) });
  },
};
