// GET /live and GET /ready: unauthenticated probes for process managers and load balancers.
import { Type } from '@sinclair/typebox';
import { ApiError } from '../../core/errors.js';
import { defineRoute, type Gate, type Route } from '../http/router.js';

export function healthRoutes(gate: Gate, startedAt: number): Route[] {
  return [
    defineRoute({
      path: '/live',
      summary: 'Liveness: the process is up and serving HTTP',
      tags: ['health'],
      auth: false,
      response: Type.Object({ status: Type.Literal('live'), uptimeS: Type.Number() }),
      handler: () => ({ status: 'live' as const, uptimeS: Math.round((Date.now() - startedAt) / 1000) }),
    }),
    defineRoute({
      path: '/ready',
      summary: 'Readiness: migrations applied and data loaded; 503 with the reason until then',
      tags: ['health'],
      auth: false,
      errors: ['unavailable'],
      response: Type.Object({ status: Type.Literal('ready') }),
      handler: () => {
        const reason = gate.notReadyReason();
        if (reason) throw new ApiError('unavailable', `Not ready: ${reason}`);
        return { status: 'ready' as const };
      },
    }),
  ];
}
