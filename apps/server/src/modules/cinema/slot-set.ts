/**
 * A set of small whole numbers (the album snapshot's slots) as bits, 32 to a word: a filter's
 * albums are the sets of its values intersected, a few hundred word operations for thousands
 * of albums.
 */
export class SlotSet {
  private words: Uint32Array;

  constructor() {
    this.words = new Uint32Array(0);
  }

  add(slot: number): void {
    const word = slot >>> 5;
    if (word >= this.words.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.words.length * 2));
      grown.set(this.words);
      this.words = grown;
    }
    this.words[word] = (this.words[word] ?? 0) | (1 << (slot & 31));
  }

  delete(slot: number): void {
    const word = slot >>> 5;
    if (word < this.words.length) this.words[word] = (this.words[word] ?? 0) & ~(1 << (slot & 31));
  }

  has(slot: number): boolean {
    return (((this.words[slot >>> 5] ?? 0) >>> (slot & 31)) & 1) === 1;
  }

  /** Holds the slots of `other` and no others (a scratch set, narrowed next). */
  copyFrom(other: SlotSet): void {
    if (this.words.length < other.words.length) this.words = new Uint32Array(other.words.length);
    this.words.fill(0);
    this.words.set(other.words);
  }

  /** Holds no slot. */
  clear(): void {
    this.words.fill(0);
  }

  /** Keeps only the slots also in `other`. */
  intersect(other: SlotSet): void {
    for (let i = 0; i < this.words.length; i += 1) {
      this.words[i] = (this.words[i] ?? 0) & (other.words[i] ?? 0);
    }
  }

  /** Adds the slots of `other`. */
  unite(other: SlotSet): void {
    if (other.words.length > this.words.length) {
      const grown = new Uint32Array(other.words.length);
      grown.set(this.words);
      this.words = grown;
    }
    for (let i = 0; i < other.words.length; i += 1) {
      this.words[i] = (this.words[i] ?? 0) | (other.words[i] ?? 0);
    }
  }

  get size(): number {
    let count = 0;
    for (const word of this.words) {
      // Population count of a 32-bit word.
      let bits = word - ((word >>> 1) & 0x55555555);
      bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
      count += Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    return count;
  }

  /** The slots in increasing order. */
  *[Symbol.iterator](): Iterator<number> {
    for (let i = 0; i < this.words.length; i += 1) {
      let word = this.words[i] ?? 0;
      while (word !== 0) {
        const low = word & -word;
        yield i * 32 + 31 - Math.clz32(low);
        word ^= low;
      }
    }
  }
}
