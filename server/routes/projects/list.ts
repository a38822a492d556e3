// GET /v1/projects: projects by company and stage, each with its stage, status and next milestone.
import { wholeList } from '../../../core/paging.js';
import { projectFilter } from '../../../core/requests/projects.js';
import { List } from '../../../core/schemas/common.js';
import { ProjectListQuery, ProjectSummary } from '../../../core/schemas/projects.js';
import { defineRoute } from '../../api-route.js';

export const projectListRoute = defineRoute({
  path: '/v1/projects',
  summary: 'Projects with their stage, status and next planned milestone, by company and stage',
  description:
    '`company` takes a slug or a ticker (an unknown one is a 404); `stage` a comma-separated list of stage values.',
  tags: ['projects'],
  auth: true,
  errors: ['not_found'],
  query: ProjectListQuery,
  response: List(ProjectSummary),
  handler: async ({ query }, { projects }) => wholeList(await projects.list(projectFilter(query))),
});
