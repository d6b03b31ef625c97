import Type from 'typebox';

/**
 * One of the string `values`, typed as their union: TypeBox types a union made from a list (not
 * a tuple) as never.
 */
export const oneOf = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((value) => Type.Literal(value))));
