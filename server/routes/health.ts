// GET /live and GET /ready: unauthenticated probes for process managers and load balancers. They answer before the
// services exist, from the readiness gate alone.
import { ApiError } from '../../core/errors.js';
import { Live, Ready } from '../../core/schemas/health.js';
import { type ApiRoute, defineRoute } from '../api-route.js';
import { clock } from '../clock.js';
import type { Gate } from '../http/route.js';

export function probeRoutes(gate: Gate, startedAt: number): ApiRoute[] {
  return [
    defineRoute({
      path: '/live',
      summary: 'Liveness: the process is up and serving HTTP',
      tags: ['health'],
      auth: false,
      response: Live,
      handler: () => ({ status: 'live' as const, uptimeS: Math.round((clock.now() - startedAt) / 1000) }),
    }),
    defineRoute({
      path: '/ready',
      summary:
        'Readiness: migrations applied, data loaded and the database reachable with room to write; else 503 with the reason',
      description:
        'A 503 `unavailable` says why: still starting (`Not ready: ...`), or degraded (`Degraded: ...`, with `details.database` ' +
        '`unreachable` or `disk_full`, and `details.since`): answers from memory are served and answers that need the ' +
        'database are 503 with Retry-After. A node of a scale-out without its broker answers 200 with `status` `degraded` ' +
        'and `details.broker` `unreachable`: every answer is still served, rate limits and stream allowances are counted by ' +
        'each node alone, and streams end with a retry hint.',
      tags: ['health'],
      auth: false,
      errors: ['unavailable'],
      response: Ready,
      handler: () => {
        const reason = gate.notReadyReason();
        if (reason) throw new ApiError('unavailable', `Not ready: ${reason}`);
        const problem = gate.problem();
        if (!problem) return { status: 'ready' as const };
        // Without the database most answers fail: a balancer should send requests elsewhere. Without the broker every
        // answer is still served; every node is without it at once, so a 503 would only take the whole service down.
        if ('database' in problem)
          throw new ApiError('unavailable', `Degraded: ${problem.message}`, {
            database: problem.database,
            since: problem.since,
          });
        return {
          status: 'degraded' as const,
          message: `Degraded: ${problem.message}`,
          details: { broker: problem.broker, since: problem.since },
        };
      },
    }),
  ];
}
