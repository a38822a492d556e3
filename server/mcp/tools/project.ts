// get_project: one project of a company, as /v1/projects/{company}/{project}.
import { cutTail } from '../../../core/fit.js';
import { ProjectDetail, ProjectParams } from '../../../core/schemas/projects.js';
import { defineTool, ToolSingle } from '../tool.js';

export const getProject = defineTool({
  name: 'get_project',
  title: 'Company project',
  description:
    'One project of a company (company slug or ticker, project slug: tesla and robotaxi): its goal, stage (how far ' +
    'along), status against its own plan, KPIs with their dates, milestones (done, planned, slipped; each with its ' +
    "sourceUrl), the stories about it (newest first) and the company's other projects.",
  input: ProjectParams,
  output: ToolSingle(ProjectDetail),
  run: async ({ company, project }, { services, caller }) => ({
    data: await services.projects.detail(company, project, caller),
  }),
  trims: [
    cutTail<ProjectDetail>('events', 'events', 'get_news with entity=project:company/project'),
    cutTail<ProjectDetail>('siblings', 'siblings', 'get_company lists its projects'),
  ],
});
