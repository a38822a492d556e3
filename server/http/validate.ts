// Compiles a route's params/query schema once, at its first use: strict lexical coercion of strings, then Ajv with
// every error kept.

import type { TObject, TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { ValidationDetail } from '../../core/errors.js';

const ajv = new Ajv({ allErrors: true, coerceTypes: false, useDefaults: true, strict: true });

type Lexical = 'integer' | 'number' | 'boolean' | 'string';
interface Coercion {
  name: string;
  type: Lexical;
  nullable: boolean;
}

// 16 digits reach every safe integer; the schema's bounds then judge the value.
const INTEGER = /^-?\d{1,16}$/;
const NUMBER = /^-?(\d{1,300}(\.\d*)?|\.\d+)([eE][-+]?\d{1,3})?$/;

function lexicalType(schema: TSchema): { type: Lexical; nullable: boolean } {
  const variants: TSchema[] = schema.anyOf ?? [schema];
  const types = variants.flatMap((v) => v.type as string | string[] | undefined);
  const nullable = types.includes('null');
  const type = (types.find((t) => t === 'integer' || t === 'number' || t === 'boolean') ?? 'string') as Lexical;
  return { type, nullable };
}

/** Turns query strings into the JSON types their schema declares; a string of the wrong form is left for Ajv to reject. */
function coerce(value: string, c: Coercion): unknown {
  if (c.nullable && (value === '' || value === 'null')) return null;
  switch (c.type) {
    case 'integer':
      return INTEGER.test(value) ? Number(value) : value;
    case 'number':
      return NUMBER.test(value) && Number.isFinite(Number(value)) ? Number(value) : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    default:
      return value;
  }
}

function describeType(schema: TSchema): string {
  const { type, nullable } = lexicalType(schema);
  const base =
    type === 'integer'
      ? 'an integer'
      : type === 'number'
        ? 'a number'
        : type === 'boolean'
          ? 'true or false'
          : 'a string';
  return nullable ? `${base} or null` : base;
}

export interface CompiledValidator {
  /** Coerces `input` in place and returns the problems found (empty when valid). */
  check(input: Record<string, unknown>): ValidationDetail[];
}

export function compileValidator(where: 'path' | 'query' | 'arguments', schema: TObject): CompiledValidator {
  const properties = schema.properties as Record<string, TSchema>;
  const coercions: Coercion[] = Object.entries(properties).map(([name, s]) => ({ name, ...lexicalType(s) }));
  const allowed = Object.keys(properties);
  // Compiled at the first check, not at boot: Ajv takes a quarter of a second for every route and tool, and a server
  // (a test's above all) serves few of them. The schemas are compiled in the tests of every route and tool.
  let validate: ValidateFunction | null = null;

  const detail = (errors: ErrorObject[]): ValidationDetail[] => {
    const byParam = new Map<string, ErrorObject[]>();
    for (const e of errors) {
      const param =
        e.keyword === 'required'
          ? (e.params.missingProperty as string)
          : e.keyword === 'additionalProperties'
            ? (e.params.additionalProperty as string)
            : (e.instancePath.split('/')[1] ?? '');
      const list = byParam.get(param) ?? [];
      list.push(e);
      byParam.set(param, list);
    }
    const out: ValidationDetail[] = [];
    for (const [param, errs] of byParam) {
      const first = errs[0]!;
      const specific = errs.find((e) => e.keyword !== 'type' && e.keyword !== 'anyOf');
      let message: string;
      if (first.keyword === 'required') message = 'is required';
      else if (first.keyword === 'additionalProperties') {
        message = `is not a parameter of this endpoint${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`;
      } else if (specific?.keyword === 'enum') {
        message = `must be one of: ${(specific.params.allowedValues as unknown[]).join(', ')}`;
      } else if (specific) message = specific.message ?? 'is invalid';
      else message = `must be ${describeType(properties[param]!)}`;
      out.push({ in: where, param, message });
    }
    return out;
  };

  return {
    check(input) {
      // PostgreSQL text cannot hold U+0000: refused here, it would fail the query (a 500) wherever the value is used.
      const nul = Object.keys(input).filter(
        (param) => typeof input[param] === 'string' && (input[param] as string).includes('\0'),
      );
      if (nul.length)
        return nul.map((param) => ({ in: where, param, message: 'must not contain the NUL character (%00)' }));
      for (const c of coercions) {
        const v = input[c.name];
        if (typeof v === 'string') input[c.name] = coerce(v, c);
      }
      validate ??= ajv.compile({ ...schema, additionalProperties: false });
      return validate(input) ? [] : detail(validate.errors ?? []);
    },
  };
}
