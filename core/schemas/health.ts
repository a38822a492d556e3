// The unauthenticated probes' answers.
import { Type } from '@sinclair/typebox';

export const Live = Type.Object({ status: Type.Literal('live'), uptimeS: Type.Number() });
export const Ready = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')], {
    description:
      "degraded: a scale-out's node without its broker (Redis), still answering from memory and the database, so a balancer keeps sending it requests",
  }),
  message: Type.Optional(Type.String()),
  details: Type.Optional(
    Type.Object({ broker: Type.Literal('unreachable'), since: Type.String({ format: 'date-time' }) }),
  ),
});
