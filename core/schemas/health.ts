// The unauthenticated probes' answers.
import { Type } from '@sinclair/typebox';

export const Live = Type.Object({ status: Type.Literal('live'), uptimeS: Type.Number() });
export const Ready = Type.Object({ status: Type.Literal('ready') });
