// How big an answer is for a language model: the brief's budget estimated as characters / 4 (the rule of thumb for
// English text, what its answers say they count), and a closer count for holding a client's hard limit.

/** Characters per token of the estimate. */
export const CHARS_PER_TOKEN = 4;

/** What the estimate is, in words, for answers and documentation. */
export const TOKEN_ESTIMATE = 'characters / 4';

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/**
 * Tokens of `text` as GPT-4o's and similar BPE tokenizers count them, within about 5% (below, most often) and without
 * their tables: the pieces their pre-tokenizer splits text into (words, runs of up to three digits, punctuation runs,
 * spaces), a long word counted twice, a word outside ASCII by its length. Numbers weigh: JSON of candles runs 2.3 characters a token, where prose runs 4,
 * so a limit on what a client may receive (Claude Code cuts a tool result at 25,000 tokens) is held by this count.
 */
export function tokenCount(text: string): number {
  let n = 0;
  for (const [piece] of text.matchAll(PIECES))
    n += NON_ASCII.test(piece) ? Math.ceil(piece.length / 3) : piece.length > 9 ? 2 : 1;
  return n;
}

/** Outside ASCII (accents, CJK) a tokenizer's tables hold fewer whole words: about a token per three characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is all of ASCII, controls included.
const NON_ASCII = /[^\x00-\x7f]/;

/** o200k_base's pre-tokenizer (tiktoken), its case-insensitive contractions spelled out for a JavaScript RegExp. */
const PIECES =
  /[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+/gu;
