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

/** The table an insert, update or delete writes to. */
function writtenTable(node: RootOperationNode): string | undefined {
  if (node.kind === 'InsertQueryNode') return tableName(node.into);
  if (node.kind === 'UpdateQueryNode') return tableName(node.table);
  if (node.kind === 'DeleteQueryNode') return tableName(node.from.froms[0]);
  return undefined;
}

export class InjectedWriteFailure extends Error {
  override name = 'InjectedWriteFailure';
}

/**
 * A Kysely plugin that makes every write to one table fail, as a full disk or a lost
 * connection would, so a test can see what a multi-step write leaves behind.
 */
export function failWritesTo(table: string): KyselyPlugin {
  return {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      if (writtenTable(node) === table) {
        throw new InjectedWriteFailure(`injected failure writing ${table}`);
      }
      return node;
    },
    transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return Promise.resolve(result);
    },
  };
}
