import {
  AliasNode,
  TableNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** The table a node names, through an alias. */
function tableName(node: OperationNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableName(node.node);
  return undefined;
}

export type WriteKind = 'insert' | 'update' | 'delete';

/** What a query writes: its kind and table; undefined for a read. */
function writeOf(node: RootOperationNode): { kind: WriteKind; table?: string } | undefined {
  if (node.kind === 'InsertQueryNode') return { kind: 'insert', table: tableName(node.into) };
  if (node.kind === 'UpdateQueryNode') return { kind: 'update', table: tableName(node.table) };
  if (node.kind === 'DeleteQueryNode') {
    return { kind: 'delete', table: tableName(node.from.froms[0]) };
  }
  return undefined;
}

export class InjectedWriteFailure extends Error {
  override name = 'InjectedWriteFailure';
}

/**
 * A Kysely plugin that makes the writes to one table fail (all of them, or those of the kinds
 * given), as a full disk or a lost connection would, so a test can see what a multi-step write
 * leaves behind.
 */
export function failWritesTo(
  table: string,
  kinds: readonly WriteKind[] = ['insert', 'update', 'delete'],
): KyselyPlugin {
  return {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      const write = writeOf(node);
      if (write?.table === table && kinds.includes(write.kind)) {
        throw new InjectedWriteFailure(`injected failure writing ${table}`);
      }
      return node;
    },
    transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return Promise.resolve(result);
    },
  };
}
