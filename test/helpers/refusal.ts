// What a parser says when it refuses a whole payload: the PayloadError's message (any other outcome fails the test).
import { PayloadError } from '../../core/sources/records.js';

export function refusal(parse: () => unknown): string {
  try {
    parse();
  } catch (err) {
    if (err instanceof PayloadError) return err.message;
    throw err;
  }
  throw new Error('the payload was not refused');
}
