import fc from 'fast-check';
import { nastyJson, nastyString } from './nasty-values.ts';

/** The part of JSON Schema the OpenAPI document of the routes uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: readonly unknown[];
  const?: unknown;
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  items?: JsonSchema;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** What a generated value may borrow: ids that exist (other users', items, danmaku…). */
export interface ValuePool {
  /** Every id of the world. */
  ids: readonly string[];
  /** The ids a field of this name is about (an `item_id` names items), or every id. */
  idsFor: (fieldName: string) => readonly string[];
}

const looksLikeId = (name: string, schema: JsonSchema): boolean =>
  /(^id$|_id$|Id$|^token$)/.test(name) || (schema.pattern?.includes('[0-9]') ?? false);

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 30, 60));
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1000;
  const max = schema.maximum ?? Math.max(min + 1000, 1000);
  if (!integer) return fc.double({ min, max, noNaN: true });
  // The small numbers (an action type, a page) and the edges the schema sets, often.
  const usual = [0, 1, 2, min, max].filter((value) => value >= min && value <= max);
  return fc.oneof(fc.integer({ min, max }), fc.constantFrom(...usual));
}

/**
 * A value the schema accepts (as far as these keywords go), for a field called `name`; a field
 * that looks like an id takes, half the time, an id that exists in the world.
 */
export function valueOf(schema: JsonSchema, pool: ValuePool, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => valueOf(variant, pool, name)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type ?? '') {
    case 'string':
      return looksLikeId(name, schema)
        ? fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...pool.idsFor(name)) },
            { weight: 1, arbitrary: validString(schema) },
          )
        : validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf(schema.items ?? {}, pool, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 8),
      });
    case 'object':
      return objectOf(schema, pool);
    case 'null':
      return fc.constant(null);
    default:
      return nastyJson;
  }
}

/** An object with the required fields and some of the optional ones, each valid. */
export function objectOf(
  schema: JsonSchema,
  pool: ValuePool,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, field]) => [name, valueOf(field, pool, name)]),
  );
  return fc.record(fields, {
    requiredKeys: Object.keys(properties).filter((name) => required.has(name)),
  });
}

/**
 * An object the schema is likely to refuse, or to accept at its very edges: valid, then one
 * field dropped, retyped, made nasty, or joined by unknown ones.
 */
export function mutatedObjectOf(
  schema: JsonSchema,
  pool: ValuePool,
): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(schema.properties ?? {});
  const someName = names.length > 0 ? fc.constantFrom(...names) : nastyString;
  return fc
    .tuple(
      objectOf(schema, pool),
      fc.constantFrom('valid', 'drop', 'nasty', 'nasty', 'extra', 'all-nasty'),
      someName,
      nastyJson,
      fc.dictionary(nastyString, nastyJson, { maxKeys: 3 }),
    )
    .map(([object, how, name, value, extra]) => {
      const copy: Record<string, unknown> = Object.fromEntries(
        Object.entries(object).filter(([key]) => how !== 'drop' || key !== name),
      );
      if (how === 'nasty') copy[name] = value;
      if (how === 'extra') Object.assign(copy, extra);
      if (how === 'all-nasty') for (const key of names) copy[key] = value;
      return copy;
    });
}
