// The envelope of a venue's REST answer or WebSocket frame: JSON or not, the venue's own error, the list inside.
// A payload whose whole shape is wrong is a PayloadError (nothing of it is kept); a frame never throws.
import { ItemError } from '../fields.js';
import { PayloadError } from '../records.js';
import { excerpt } from './read.js';
import { type ParsedFrame, skippedFrame } from './update.js';

export function jsonPayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new PayloadError(`not JSON: ${(err as Error).message}`);
  }
}

/** `value` as the list a payload must hold, or a PayloadError saying what came instead. */
export function listIn(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new PayloadError(`expected ${what}, got ${excerpt(value)}`);
  return value;
}

/**
 * A frame read by `read` from its JSON: a frame that is not JSON, or whose envelope `read` rejects with an
 * ItemError, is skipped whole with the reason.
 */
export function readFrame(text: string, read: (doc: unknown) => ParsedFrame): ParsedFrame {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return skippedFrame(`not JSON: ${(err as Error).message}`);
  }
  try {
    return read(doc);
  } catch (err) {
    if (!(err instanceof ItemError)) throw err;
    return skippedFrame(err.message);
  }
}
