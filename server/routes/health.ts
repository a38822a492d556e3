// GET /live and GET /ready: unauthenticated probes for process managers and load balancers. They answer before the
// services exist, from the readiness gate alone.
import { ApiError } from '../../core/errors.js';
import { Live, Ready } from '../../core/schemas/health.js';
import { defineRoute, type Gate, type Route } from '../http/route.js';

export function probeRoutes(gate: Gate, startedAt: number): Route[] {
  return [
    defineRoute({
      path: '/live',
      summary: 'Liveness: the process is up and serving HTTP',
      tags: ['health'],
      auth: false,
      response: Live,
      handler: () => ({ status: 'live' as const, uptimeS: Math.round((Date.now() - startedAt) / 1000) }),
    }),
    defineRoute({
      path: '/ready',
      summary: 'Readiness: migrations applied and data loaded; 503 with the reason until then',
      tags: ['health'],
      auth: false,
      errors: ['unavailable'],
      response: Ready,
      handler: () => {
        const reason = gate.notReadyReason();
        if (reason) throw new ApiError('unavailable', `Not ready: ${reason}`);
        return { status: 'ready' as const };
      },
    }),
  ];
}
