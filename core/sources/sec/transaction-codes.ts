// The transaction codes of Forms 3, 4 and 5 (General Instruction 8 of Form 4), with what each means.

export const TRANSACTION_CODES = {
  P: 'open-market or private purchase',
  S: 'open-market or private sale',
  V: 'transaction voluntarily reported earlier than required',
  A: 'grant or award from the issuer',
  D: 'disposition to the issuer',
  F: 'payment of exercise price or tax by delivering or withholding securities',
  I: 'discretionary transaction',
  M: 'exercise or conversion of a derivative security exempted by Rule 16b-3',
  C: 'conversion of a derivative security',
  E: 'expiration of a short derivative position',
  H: 'expiration or cancellation of a long derivative position with value received',
  O: 'exercise of an out-of-the-money derivative security',
  X: 'exercise of an in-the-money or at-the-money derivative security',
  G: 'bona fide gift',
  L: 'small acquisition under Rule 16a-6',
  W: 'acquisition or disposition by will or the laws of descent and distribution',
  Z: 'deposit into or withdrawal from a voting trust',
  J: 'other acquisition or disposition',
  K: 'transaction in an equity swap or similar instrument',
  U: 'disposition by tender of shares in a change of control',
} as const;

export type TransactionCode = keyof typeof TRANSACTION_CODES;

export function isTransactionCode(code: string): code is TransactionCode {
  return Object.hasOwn(TRANSACTION_CODES, code);
}
