// What a brief's key names, by its type: a key that cannot be of its type (a project without its company, an event id
// that is not a positive integer) is a 400 before anything is looked up.
import { ApiError } from '../errors.js';
import type { BRIEF_TYPES } from '../vocabulary.js';

export type BriefType = (typeof BRIEF_TYPES)[number];

export type BriefKey =
  | { type: 'instrument'; symbol: string }
  | { type: 'company' | 'person' | 'sector' | 'macro' | 'market'; slug: string }
  | { type: 'project'; company: string; project: string }
  | { type: 'event'; id: number };

const NAME = '[A-Za-z0-9][A-Za-z0-9._-]{0,79}';
const SINGLE = new RegExp(`^${NAME}$`);
const PROJECT = new RegExp(`^(${NAME})/(${NAME})$`);
const EVENT_ID = /^[1-9]\d{0,15}$/;

const EXPECTED: Record<BriefType, string> = {
  instrument: 'a symbol (letters, digits, . _ -)',
  company: 'a company slug or ticker',
  person: "a person's slug",
  sector: "a sector's slug",
  macro: "a macro series' slug",
  market: "a prediction market's slug",
  project: 'company/project (the slash sent as %2F)',
  event: 'a story id: a positive integer',
};

/** The key of a brief of `type`, or a 400 saying what a key of that type looks like. */
export function parseBriefKey(type: BriefType, key: string): BriefKey {
  const bad = () =>
    new ApiError(
      'bad_request',
      `${JSON.stringify(key.slice(0, 60))} cannot be the key of a ${type} brief: expected ${EXPECTED[type]}`,
      [{ in: 'path', param: 'key', message: `expected ${EXPECTED[type]}` }],
    );
  switch (type) {
    case 'instrument':
      if (!SINGLE.test(key)) throw bad();
      return { type, symbol: key };
    case 'project': {
      const m = PROJECT.exec(key);
      if (!m) throw bad();
      return { type, company: m[1]!, project: m[2]! };
    }
    case 'event':
      if (!EVENT_ID.test(key) || !Number.isSafeInteger(Number(key))) throw bad();
      return { type, id: Number(key) };
    default:
      if (!SINGLE.test(key)) throw bad();
      return { type, slug: key };
  }
}
