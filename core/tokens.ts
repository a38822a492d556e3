// How big an answer is for a language model: tokens estimated as characters / 4, the rule of thumb for English text
// and JSON with common tokenizers. Good enough to keep answers well under a client's cut-off, never an exact count.

/** Characters per token of the estimate. */
export const CHARS_PER_TOKEN = 4;

/** What the estimate is, in words, for answers and documentation. */
export const TOKEN_ESTIMATE = 'characters / 4';

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
