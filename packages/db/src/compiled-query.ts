import {
  type Compilable,
  type CompiledQuery as KyselyCompiledQuery,
  type DialectAdapter,
  type Expression,
  type Kysely,
  type OperationNode,
  type QueryResult,
  ValueNode,
} from 'kysely';
import type { Database } from './database.ts';

/** What a compiled query's parameters may be: values, or lists of values. */
export type QueryParams = Record<string, unknown>;

/**
 * The parameters as the query builder sees them: each a placeholder expression where the value
 * goes, a list a list of placeholders as long as the list given.
 */
export type Params<P extends QueryParams> = {
  readonly [K in keyof P]: P[K] extends readonly (infer E)[]
    ? readonly Expression<E>[]
    : Expression<P[K]>;
};

/** A parameter's place in the query: a value, or one entry of a list. */
class Placeholder implements Expression<unknown> {
  readonly name: string;
  readonly index: number | undefined;

  constructor(name: string, index: number | undefined) {
    this.name = name;
    this.index = index;
  }

  get expressionType(): unknown {
    return undefined;
  }

  toOperationNode(): OperationNode {
    return ValueNode.create(this);
  }
}

/** Where one bound value of the compiled SQL comes from: a parameter of the run, or a constant. */
type Binder = (params: QueryParams) => unknown;

interface Compiled {
  query: KyselyCompiledQuery;
  binders: readonly Binder[];
}

/**
 * A list's length changes the SQL (`in (?, ?, ?)`), so each length is a shape of its own. A query
 * with lists of very many lengths compiles at most this many and builds the rest each time.
 */
const MAX_SHAPES = 64;

/**
 * A query built and compiled once per shape and database dialect, then run with new parameter
 * values: Kysely builds and compiles a query on every call otherwise, which cost a hot read more
 * than the database's own work did (issue 28, decision 072).
 *
 * `build` makes the query from `db` and placeholders (`p.userId`), each put where its value goes
 * (`where('user_id', '=', p.userId)`, `in` a list, `limit`, `values`, `set`, `sql`). It is run
 * only to compile, so it must not branch on a placeholder nor read anything but its arguments:
 * what else it reads is frozen at the first compile. A choice that changes the SQL (a visitor's
 * list against a viewer's) is a query of its own. Every placeholder must reach the SQL as a bound
 * value; one that does not fails the first run.
 */
export interface CompiledQuery<P extends QueryParams, O> {
  /** The rows. */
  execute(db: Kysely<Database>, params: P): Promise<O[]>;
  /** The first row, if any. */
  executeTakeFirst(db: Kysely<Database>, params: P): Promise<O | undefined>;
  /** The driver's result: rows, and the rows a write changed. */
  run(db: Kysely<Database>, params: P): Promise<QueryResult<O>>;
}

export function compiledQuery<P extends QueryParams, O>(
  build: (db: Kysely<Database>, p: Params<P>) => Compilable<O>,
): CompiledQuery<P, O> {
  const byDialect = new WeakMap<DialectAdapter, Map<string, Compiled>>();

  function compile(db: Kysely<Database>, params: P): Compiled {
    const placeholders: Placeholder[] = [];
    const place = (name: string, index?: number) => {
      const placeholder = new Placeholder(name, index);
      placeholders.push(placeholder);
      return placeholder;
    };
    const p: Record<string, Placeholder | Placeholder[]> = {};
    for (const [name, value] of Object.entries(params)) {
      p[name] = Array.isArray(value) ? value.map((_, index) => place(name, index)) : place(name);
    }
    const query = build(db, p as unknown as Params<P>).compile();
    const binders = query.parameters.map((value): Binder => {
      if (!(value instanceof Placeholder)) return () => value;
      const { name, index } = value;
      return index === undefined
        ? (given) => given[name]
        : (given) => (given[name] as readonly unknown[])[index];
    });
    const unbound = placeholders.find((placeholder) => !query.parameters.includes(placeholder));
    if (unbound) throw new Error(`compiledQuery: parameter ${unbound.name} is not a bound value`);
    return { query, binders };
  }

  /** The compiled shape for these parameters: from the cache, else compiled (and kept). */
  function compiledFor(db: Kysely<Database>, params: P): Compiled {
    const executor = db.getExecutor();
    // A plugin may rewrite each query or keep state per query: such a database compiles anew.
    if (executor.plugins.length > 0) return compile(db, params);
    let shapes = byDialect.get(executor.adapter);
    if (!shapes) {
      shapes = new Map();
      byDialect.set(executor.adapter, shapes);
    }
    const key = shapeOf(params);
    const known = shapes.get(key);
    if (known) return known;
    const compiled = compile(db, params);
    if (shapes.size < MAX_SHAPES) shapes.set(key, compiled);
    return compiled;
  }

  async function run(db: Kysely<Database>, params: P): Promise<QueryResult<O>> {
    const { query, binders } = compiledFor(db, params);
    const parameters = binders.map((bind) => bind(params));
    if (parameters.includes(undefined)) throw new Error('compiledQuery: a parameter is missing');
    return db.executeQuery<O>({
      query: query.query,
      queryId: query.queryId,
      sql: query.sql,
      parameters,
    });
  }

  return {
    run,
    execute: async (db, params) => (await run(db, params)).rows,
    executeTakeFirst: async (db, params) => (await run(db, params)).rows[0],
  };
}

/** The lengths of the lists among the parameters: what makes one compile differ from another. */
function shapeOf(params: QueryParams): string {
  let key = '';
  for (const name in params) {
    const value = params[name];
    if (Array.isArray(value)) key += `${name}:${value.length};`;
  }
  return key;
}
