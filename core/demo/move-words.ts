// How the demo's stories word a recorded day's move, so every story that states one states it alike: a verb for its
// sign and size, and a line with its figure as the service records it.
import { signedPct } from '../figures.js';
import { MOVE_MIN_Z } from '../kernels/moves.js';
import { basisPoints, bpText } from '../units.js';
import { DEFAULT_MOVE_FLOORS } from '../vocabulary.js';
import type { RecordedDay } from './recorded-days.js';

/** Rises, jumps or soars (falls, slides or plunges) by how far past the detector's thresholds the move went. */
export function moveVerb(day: RecordedDay): string {
  const past = Math.max(
    Math.abs(day.pct) / DEFAULT_MOVE_FLOORS[day.inst.kind],
    Number.isFinite(day.z) ? day.z / MOVE_MIN_Z : 0,
  );
  const size = past >= 1.6 ? 2 : past >= 1.15 ? 1 : 0;
  return (day.pct > 0 ? ['rises', 'jumps', 'soars'] : ['falls', 'slides', 'plunges'])[size]!;
}

/** "Bitcoin -8.3% on the day, at 61204.12"; a yield's change in basis points. */
export function moveLine(day: RecordedDay): string {
  const { inst, pct, from, close } = day;
  // As the service states the move (server/services/read/moves.ts): a yield's in basis points to a tenth.
  if (inst.kind === 'rate')
    return `${inst.name} ${bpText(basisPoints(from, close))} on the day, at ${close.toFixed(2)}%`;
  const digits = close >= 100 ? 2 : close >= 1 ? 4 : 5;
  return `${inst.name} ${signedPct(pct, 1)} on the day, at ${close.toFixed(digits)}`;
}

/** A day still trading: its direction so far, no figure (the day's move is not yet what it will be recorded as). */
export function openDayLine(day: RecordedDay): string {
  return `${day.inst.name} ${day.pct >= 0 ? 'higher' : 'lower'} on the day so far`;
}
