/** A 1-based line and column, columns counted in characters (code points). */
export interface XmlPosition {
  readonly line: number;
  readonly column: number;
}

/** A document that is not well-formed; the message ends with where it broke. */
export class XmlSyntaxError extends Error {
  readonly line: number;
  readonly column: number;

  constructor(reason: string, position: XmlPosition) {
    super(`${reason} (line ${position.line}, column ${position.column})`);
    this.name = 'XmlSyntaxError';
    this.line = position.line;
    this.column = position.column;
  }
}
