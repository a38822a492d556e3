// Text bound for a terminal: its control characters written as escapes, so that bytes from a file or a key's name
// cannot move the cursor, retitle the window, clear a line or reorder text (ANSI and C1 sequences, bidirectional
// overrides). Printable text, any script, goes through as it is.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const ANY_CONTROL = new RegExp(CONTROL.source);

/** `text` with each control character as `\u00XX`; line breaks too, so one field stays on its line. */
export function forTerminal(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Whether `text` holds no control character: what a key's name or account may be made of. */
export function isPrintable(text: string): boolean {
  return !ANY_CONTROL.test(text);
}
