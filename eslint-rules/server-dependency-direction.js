// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The server's folders in layers: a file may import its own layer and those below, never one
 * above, so no two folders of different layers can import each other. Modules share a layer and
 * may use one another, but never in a circle. Tests and test helpers stand outside: they may
 * import anything, and nothing but tests may import them.
 */
export const SERVER_LAYERS = [
  ['lib', 'http', 'security', 'storage', 'settings.ts'],
  ['plugins', 'jobs'],
  ['realtime'],
  ['modules'],
  ['app.ts', 'server.ts', 'main.ts', 'job-handlers.ts', 'cli', 'demo', 'startup'],
];

const TESTING = 'testing';

/** @param {string} file */
const isTest = (file) => /\.test\.tsx?$/.test(file);

/**
 * The folder a path of the server's source belongs to: `modules/<name>` for a module, else its
 * first segment (a top-level file is its own folder).
 * @param {string} pathInSrc path relative to apps/server/src, with / separators
 */
export function folderOf(pathInSrc) {
  const [first = '', second] = pathInSrc.split('/');
  return first === 'modules' && second !== undefined ? `modules/${second}` : first;
}

/** @param {string} folder */
function layerOf(folder) {
  const top = folder.split('/')[0] ?? folder;
  return SERVER_LAYERS.findIndex((layer) => layer.includes(top));
}

/**
 * Which module imports which, from the relative imports of every non-test file under
 * `modulesDir`; read once per lint run and source root.
 * @type {Map<string, Map<string, Set<string>>>}
 */
const moduleGraphs = new Map();

/** @param {string} srcDir */
function moduleGraph(srcDir) {
  const cached = moduleGraphs.get(srcDir);
  if (cached) return cached;
  /** @type {Map<string, Set<string>>} */
  const graph = new Map();
  const modulesDir = join(srcDir, 'modules');
  for (const entry of readdirSync(modulesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || isTest(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const from = folderOf(toSrcPath(srcDir, file));
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const to = folderOf(toSrcPath(srcDir, resolve(dirname(file), match[1] ?? '')));
      if (to !== from && to.startsWith('modules/')) {
        const targets = graph.get(from) ?? new Set();
        targets.add(to);
        graph.set(from, targets);
      }
    }
  }
  moduleGraphs.set(srcDir, graph);
  return graph;
}

/**
 * A path of modules from `start` to `goal` in the graph, or undefined.
 * @param {Map<string, Set<string>>} graph
 * @param {string} start
 * @param {string} goal
 * @returns {string[] | undefined}
 */
function pathBetween(graph, start, goal) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    if (node === goal) {
      const path = [];
      for (let step = /** @type {string | null} */ (node); step !== null;) {
        path.unshift(step);
        step = cameFrom.get(step) ?? null;
      }
      return path;
    }
    for (const next of graph.get(node) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/**
 * @param {string} srcDir
 * @param {string} file
 */
const toSrcPath = (srcDir, file) => relative(srcDir, file).split(sep).join('/');

/** @type {import('eslint').Rule.RuleModule} */
export const serverDependencyDirection = {
  meta: {
    type: 'problem',
    docs: { description: "Keeps the server's folders importing in one direction, without cycles" },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, required: ['srcDir'] }],
    messages: {
      upward:
        '{{from}} (layer {{fromLayer}}) may not import {{to}} (layer {{toLayer}}): imports point to lower layers only (SERVER_LAYERS). Hand the lower layer what it needs from above instead.',
      testing: 'Only tests import test helpers ({{to}}).',
      cycle: 'Modules may not import each other in a circle: {{cycle}}.',
      unplaced:
        '{{folder}} is in no layer: add it to SERVER_LAYERS (eslint-rules/server-dependency-direction.js).',
    },
  },
  create(context) {
    const { srcDir } = /** @type {{ srcDir: string }} */ (context.options[0]);
    const root = resolve(srcDir);
    const file = context.filename;
    const pathInSrc = toSrcPath(root, file);
    if (pathInSrc.startsWith('..') || isTest(file)) return {};
    const from = folderOf(pathInSrc);
    if (from === TESTING) return {};
    const fromLayer = layerOf(from);
    if (fromLayer === -1) {
      return {
        Program(node) {
          context.report({ node, messageId: 'unplaced', data: { folder: from } });
        },
      };
    }

    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (!source.startsWith('.')) return;
        const target = toSrcPath(root, resolve(dirname(file), source));
        if (target.startsWith('..')) return;
        const to = folderOf(target);
        if (to === from) return;
        if (to === TESTING || isTest(target)) {
          context.report({ node, messageId: 'testing', data: { to } });
          return;
        }
        const toLayer = layerOf(to);
        if (toLayer === -1) {
          context.report({ node, messageId: 'unplaced', data: { folder: to } });
          return;
        }
        if (toLayer > fromLayer) {
          context.report({
            node,
            messageId: 'upward',
            data: { from, to, fromLayer: String(fromLayer), toLayer: String(toLayer) },
          });
          return;
        }
        if (from.startsWith('modules/') && to.startsWith('modules/')) {
          const back = pathBetween(moduleGraph(root), to, from);
          if (back) {
            context.report({
              node,
              messageId: 'cycle',
              data: { cycle: [from, ...back].join(' → ') },
            });
          }
        }
      },
    };
  },
};

export default { rules: { 'server-dependency-direction': serverDependencyDirection } };
