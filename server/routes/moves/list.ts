// GET /v1/moves: unusual daily moves of the pooled price, each with the stories that caused it and candidate stories.
import { List } from '../../../core/schemas/common.js';
import { Move, MoveListQuery } from '../../../core/schemas/moves.js';
import { defineRoute } from '../../api-route.js';

export const moveListRoute = defineRoute({
  path: '/v1/moves',
  summary: 'Unusual daily moves with their causes: on one date the most unusual first, else the newest first',
  description:
    'A move is a UTC day whose close-to-close change of the pooled price reaches a zScore of 2.5, or the floor of its ' +
    "instrument's kind (see /v1/meta/vocabulary). Causes are stories of that day about the instrument or its company, " +
    'or surprising macro releases and rate decisions for macro-sensitive instruments; candidate stories are the other ' +
    'important stories about it that day or the day before.',
  tags: ['moves'],
  auth: true,
  errors: ['not_found'],
  query: MoveListQuery,
  response: List(Move),
  handler: ({ query, kept, caller }, { moves }) => moves.listKept(query, caller).then((page) => kept(page)),
});
