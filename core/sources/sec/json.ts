// The one way SEC JSON payloads are opened: text that is not JSON is a PayloadError saying so.
import { PayloadError } from '../records.js';

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new PayloadError(`not JSON: ${(err as Error).message}`);
  }
}
