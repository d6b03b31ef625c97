/**
 * The browser's stand-in for TypeBox's `Type` builders (decision 033). The server validates and
 * serialises with the schemas of the call registry; the page only reads which fields a call's
 * path, query and body have (`fieldNames` in packages/shared/src/calls/call.ts) and whether it
 * has a body. So the client build (vite.config.ts) resolves `typebox` to this file: objects keep
 * their `properties`, every other builder makes a bare shape, and the 69 KB builder library
 * stays on the server. `typebox-shapes.test.ts` holds every call's fields equal to TypeBox's.
 */

type Shape = Record<string, unknown>;

const shape = (kind: string, extra: Shape = {}): Shape => ({ type: kind, ...extra });

const Type = {
  Object: (properties: Record<string, Shape>, options: Shape = {}) =>
    shape('object', { ...options, properties }),
  Optional: (schema: Shape) => ({ ...schema, optional: true }),
  String: (options: Shape = {}) => shape('string', options),
  Integer: (options: Shape = {}) => shape('integer', options),
  Number: (options: Shape = {}) => shape('number', options),
  Boolean: (options: Shape = {}) => shape('boolean', options),
  Null: () => shape('null'),
  Unknown: () => shape('unknown'),
  Literal: (value: unknown) => shape('literal', { const: value }),
  Union: (anyOf: Shape[], options: Shape = {}) => shape('union', { ...options, anyOf }),
  Array: (items: Shape, options: Shape = {}) => shape('array', { ...options, items }),
  Record: (key: Shape, value: Shape) => shape('record', { key, value }),
  Enum: (values: readonly unknown[]) => shape('enum', { enum: [...values] }),
  Unsafe: (schema: Shape = {}) => schema,
};

export default Type;
