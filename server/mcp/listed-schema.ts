// The tools' JSON Schemas as tools/list gives them: what an agent reads before its first call, so every character is
// paid by every conversation. The routes' full schemas (the OpenAPI document) stay the reference; here an input keeps
// what a caller needs (each argument's meaning, range, default and values), and an output the fields of its answer and
// of each item with their types, nested records as objects. Units are in the field names (`changePct`,
// `openInterestUsd`), and the conventions every answer shares are told once, in the server's instructions.
import type { TSchema } from '@sinclair/typebox';

type Json = { [key: string]: unknown };

/** Keys that constrain or label a value without telling an agent what to ask or what comes back. */
const INPUT_DROPPED = new Set(['$id', 'pattern', 'minLength', 'maxLength', 'format']);
const OUTPUT_DROPPED = new Set([
  ...INPUT_DROPPED,
  'description',
  'title',
  'required',
  'additionalProperties',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
]);
/** Object levels an output schema spells out: the answer, and its data (or each item of it); deeper records are objects. */
const OUTPUT_LEVELS = 2;

/** An input schema as listed. */
export function listedInput(schema: TSchema): Json {
  return lean(plain(schema), INPUT_DROPPED, Infinity, 0);
}

/** An output schema as listed, a record it holds twice written once (`$defs`). */
export function listedOutput(schema: TSchema): Json {
  return shared(lean(plain(schema), OUTPUT_DROPPED, OUTPUT_LEVELS, 0));
}

/** JSON Schema as a client reads it: TypeBox's own keys are symbols, gone in JSON. */
function plain(schema: TSchema): Json {
  return JSON.parse(JSON.stringify(schema)) as Json;
}

/**
 * `s` without the `dropped` keys, its objects `levels` deep at most (`level` is this one's), and a nullable value as
 * one type list (`{"type": ["number", "null"]}`) rather than a choice of two schemas.
 */
function lean(s: Json, dropped: Set<string>, levels: number, level: number): Json {
  const choices = s.anyOf as Json[] | undefined;
  const other = choices?.length === 2 ? choices.find((c) => c.type !== 'null') : undefined;
  if (other && choices!.some((c) => c.type === 'null') && typeof other.type === 'string') {
    const one = lean(other, dropped, levels, level);
    return Array.isArray(one.enum) ? { ...one, enum: [...one.enum, null] } : { ...one, type: [one.type, 'null'] };
  }
  const properties = s.properties as Record<string, Json> | undefined;
  // A nullable record stays nullable: its type may be ['object', 'null'].
  if (properties && level >= levels) return { type: s.type ?? 'object' };
  const out: Json = {};
  for (const [key, value] of Object.entries(s)) {
    // A constant or a list of values says its type.
    if (dropped.has(key) || (key === 'type' && (s.const !== undefined || s.enum !== undefined))) continue;
    if (key === 'properties')
      out[key] = Object.fromEntries(
        Object.entries(properties!).map(([name, p]) => [name, lean(p, dropped, levels, level + 1)]),
      );
    else if (key === 'items' || key === 'anyOf' || key === 'oneOf' || key === 'allOf')
      out[key] = Array.isArray(value)
        ? value.map((v: Json) => lean(v, dropped, levels, level))
        : lean(value as Json, dropped, levels, level);
    else out[key] = value;
  }
  return out;
}

/** `schema` with each record (an object schema with properties) it holds more than once defined once, by reference. */
function shared(schema: Json): Json {
  const seen = new Map<string, number>();
  const count = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    if (!Array.isArray(s) && (s as Json).properties) {
      const json = JSON.stringify(s);
      seen.set(json, (seen.get(json) ?? 0) + 1);
    }
    for (const v of Object.values(s)) count(v);
  };
  count(schema);
  const defs: Json = {};
  const names = new Map<string, string>();
  const swap = (s: unknown, top: boolean): unknown => {
    if (!s || typeof s !== 'object') return s;
    if (Array.isArray(s)) return s.map((v) => swap(v, false));
    const json = JSON.stringify(s);
    if (!top && (seen.get(json) ?? 0) > 1) {
      let name = names.get(json);
      if (!name) {
        names.set(json, (name = `r${names.size}`));
        defs[name] = swap(s, true);
      }
      return { $ref: `#/$defs/${name}` };
    }
    return Object.fromEntries(Object.entries(s).map(([key, v]) => [key, swap(v, false)]));
  };
  const out = swap(schema, true) as Json;
  return names.size ? { ...out, $defs: defs } : out;
}
