import { describe, expect, it } from 'vitest';
import { createXmlTokenizer, type XmlToken } from './tokenizer.ts';
import { XmlSyntaxError } from './xml-syntax-error.ts';

function tokens(...chunks: string[]): XmlToken[] {
  const seen: XmlToken[] = [];
  const tokenizer = createXmlTokenizer((token) => seen.push(token));
  for (const chunk of chunks) tokenizer.write(chunk);
  tokenizer.end();
  return seen;
}

const texts = (list: XmlToken[]) => list.flatMap((t) => (t.kind === 'text' ? [t.text] : []));

describe('createXmlTokenizer', () => {
  it('skips the declaration, comments and processing instructions', () => {
    const list = tokens('\ufeff<?xml version="1.0"?>\n<!-- a <b> --><i><?pi x?>a<!--c-->b</i>\n');
    expect(list.map((t) => t.kind)).toEqual(['open', 'text', 'text', 'close']);
    expect(texts(list)).toEqual(['a', 'b']);
  });

  it('decodes entities and character references, and keeps CDATA raw', () => {
    const list = tokens(
      '<i>&lt;&gt;&amp;&quot;&apos;&#20320;&#x597D;&#x1F349;<![CDATA[<&amp;>]]></i>',
    );
    expect(texts(list).join('')).toBe('<>&"\'你好🍉<&amp;>');
  });

  it('normalises literal line ends but keeps &#13;', () => {
    expect(texts(tokens('<i>a\r\nb\rc&#13;</i>'))).toEqual(['a\nb\nc\r']);
  });

  it('reads attributes in either quote, normalising literal whitespace only', () => {
    const [open] = tokens(`<i a='x"y' b="1\n2&#10;3" c = "&gt;"/>`);
    expect(open).toMatchObject({
      kind: 'open',
      selfClosing: true,
      attributes: [
        { name: 'a', value: 'x"y', position: { line: 1, column: 7 } },
        { name: 'b', value: '1 2\n3' },
        { name: 'c', value: '>' },
      ],
    });
  });

  it('does not care where a stream cuts the document', () => {
    const xml = '<i a="1&amp;2"><!-- x --><![CDATA[y]]>&#x4F60;z</i>';
    const whole = tokens(xml);
    for (let cut = 1; cut < xml.length; cut++) {
      expect(tokens(xml.slice(0, cut), xml.slice(cut))).toEqual(whole);
    }
  });

  it.each([
    ['CRLF counted once', '<i>\r\n\r\n<x></i>', 3, 4],
    ['CR alone', '<i>\r\r<x></i>', 3, 4],
    ['CJK characters', '<i>你好<x></i>', 1, 9],
    ['astral characters as one column', '<i>🍉<x></i>', 1, 8],
  ])('positions: %s', (_label, xml, line, column) => {
    let error: unknown;
    try {
      tokens(xml);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(XmlSyntaxError);
    expect(error).toMatchObject({ line, column });
  });
});
