// GET /v1/market/snapshot: the market in one answer: the strip, the latest day's biggest moves with their causes, top
// stories, the week's catalysts and how far each dataset runs.
import { Single } from '../../../core/schemas/common.js';
import { MarketSnapshot } from '../../../core/schemas/market.js';
import { defineRoute } from '../../api-route.js';
import { inData } from '../../http/route.js';

export const snapshotRoute = defineRoute({
  path: '/v1/market/snapshot',
  summary:
    "The market at a glance: strip, the latest day's biggest moves with causes, top stories, the week's catalysts, data coverage",
  tags: ['market'],
  auth: true,
  response: Single(MarketSnapshot),
  handler: ({ kept }, { market }) => market.snapshot().then((x) => kept(x, inData)),
});
