// GET /v1/projects/{company}/{project}: a project's goal, stage, KPIs and sourced milestones, the stories about it and
// the company's other projects.
import { Single } from '../../../core/schemas/common.js';
import { ProjectDetail, ProjectParams } from '../../../core/schemas/projects.js';
import { defineRoute } from '../../api-route.js';

export const projectDetailRoute = defineRoute({
  path: '/v1/projects/:company/:project',
  summary:
    'One project: goal, stage, status, KPIs, milestones (done, planned, slipped, each sourced), stories and sibling projects',
  tags: ['projects'],
  auth: true,
  errors: ['not_found'],
  params: ProjectParams,
  response: Single(ProjectDetail),
  handler: async ({ params, caller }, { projects }) => ({
    data: await projects.detail(params.company, params.project, caller),
  }),
});
