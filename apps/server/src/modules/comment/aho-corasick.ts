/**
 * An Aho–Corasick automaton over a set of words: one pass over a text tells whether any word
 * occurs in it, however many words there are. Words and text are compared after NFKC folding and
 * lower-casing (full-width and half-width letters, upper and lower case match).
 */
export interface WordMatcher {
  /** Whether any of the words occurs in the text. */
  matches(text: string): boolean;
}

interface Node {
  next: Map<string, number>;
  fail: number;
  /** A word ends here, or at a node reached by following fail links. */
  output: boolean;
}

/** The form words and texts are compared in. */
export const foldForMatching = (text: string): string => text.normalize('NFKC').toLowerCase();

export function buildWordMatcher(words: Iterable<string>): WordMatcher {
  const nodes: Node[] = [{ next: new Map(), fail: 0, output: false }];
  for (const word of words) {
    const folded = foldForMatching(word);
    if (folded.length === 0) continue;
    let state = 0;
    for (const char of folded) {
      const node = nodes[state] as Node;
      let child = node.next.get(char);
      if (child === undefined) {
        child = nodes.length;
        nodes.push({ next: new Map(), fail: 0, output: false });
        node.next.set(char, child);
      }
      state = child;
    }
    (nodes[state] as Node).output = true;
  }

  // Breadth first: a node's fail link is the longest proper suffix of its path that is a path.
  const queue: number[] = [...(nodes[0] as Node).next.values()];
  for (let head = 0; head < queue.length; head += 1) {
    const current = nodes[queue[head] as number] as Node;
    for (const [char, child] of current.next) {
      let fail = current.fail;
      while (fail !== 0 && !(nodes[fail] as Node).next.has(char)) fail = (nodes[fail] as Node).fail;
      const target = (nodes[fail] as Node).next.get(char);
      const childNode = nodes[child] as Node;
      childNode.fail = target !== undefined && target !== child ? target : 0;
      childNode.output ||= (nodes[childNode.fail] as Node).output;
      queue.push(child);
    }
  }

  return {
    matches(text: string): boolean {
      let state = 0;
      for (const char of foldForMatching(text)) {
        while (state !== 0 && !(nodes[state] as Node).next.has(char)) {
          state = (nodes[state] as Node).fail;
        }
        state = (nodes[state] as Node).next.get(char) ?? 0;
        if ((nodes[state] as Node).output) return true;
      }
      return false;
    },
  };
}
