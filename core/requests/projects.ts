// Project list queries resolved into the filter a project service reads: a company and the stages asked for.
import { type ValidationDetail, validationError } from '../errors.js';
import { kindList } from '../filters.js';
import type { ProjectListQuery } from '../schemas/projects.js';
import { PROJECT_STAGES, type ProjectStage } from '../vocabulary.js';

export interface ProjectFilter {
  /** A company slug or ticker, as given. */
  company: string | null;
  stages: ProjectStage[] | null;
}

/** The filter of a /v1/projects query: a stage outside the vocabulary is a 422 naming the valid ones. */
export function projectFilter(query: ProjectListQuery): ProjectFilter {
  const problems: ValidationDetail[] = [];
  const stages = kindList(query.stage, PROJECT_STAGES, 'stage', problems);
  if (problems.length) throw validationError(problems);
  return { company: query.company ?? null, stages };
}
