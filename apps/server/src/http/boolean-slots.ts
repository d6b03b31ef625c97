/**
 * Serialised JSON whose `"<key>":false` fields are set per reader: the bytes are split once at
 * each of them, and a reader's values are joined in, so a shared answer is neither serialised
 * nor encoded again for each reader (decision 072). Inside a JSON string every quote is escaped,
 * so `"<key>":false` is found only where it is a field; the fields are counted in the order the
 * bytes hold them.
 */
export interface BooleanSlots {
  /** How many `"<key>":false` fields the bytes hold. */
  readonly count: number;
  /** The bytes with the i-th field set to `isTrue(i)`. */
  fill(isTrue: (index: number) => boolean): Buffer;
}

export function booleanSlots(json: Buffer, key: string): BooleanSlots {
  const unset = Buffer.from(`"${key}":false`);
  const set = Buffer.from(`"${key}":true`);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = json.indexOf(unset); at !== -1; at = json.indexOf(unset, from)) {
    parts.push(json.subarray(from, at));
    from = at + unset.length;
  }
  parts.push(json.subarray(from));
  return {
    count: parts.length - 1,
    fill(isTrue) {
      const pieces: Buffer[] = [parts[0] ?? Buffer.alloc(0)];
      for (let i = 1; i < parts.length; i += 1) {
        pieces.push(isTrue(i - 1) ? set : unset, parts[i] ?? Buffer.alloc(0));
      }
      return Buffer.concat(pieces);
    },
  };
}
