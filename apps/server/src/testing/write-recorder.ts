import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);
const WRITE_SQL = /^\s*(insert|update|delete|merge|replace)\b/i;

/** What a write touched: the query kind, and for raw SQL its first words. */
function describeWrite(node: RootOperationNode): string | undefined {
  if (WRITE_NODES.has(node.kind)) return node.kind;
  if (node.kind === 'RawNode') {
    const text = node.sqlFragments.join('?');
    if (WRITE_SQL.test(text)) return text.trim().slice(0, 60);
  }
  return undefined;
}

/**
 * A Kysely plugin that notes every insert, update and delete the app sends, so a test can say
 * "this request wrote nothing" on either dialect.
 */
export function createWriteRecorder(): { plugin: KyselyPlugin; writes: string[] } {
  const writes: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      const write = describeWrite(node);
      if (write) writes.push(write);
      return node;
    },
    transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return Promise.resolve(result);
    },
  };
  return { plugin, writes };
}
