import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressDocument } from './compress-document.ts';

const encoder = new TextEncoder();
const turn = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A document written as React writes one: a pass of many small chunks, later a second pass. */
function renderedInTwoPasses(first: string[], second: string[]) {
  let secondPass: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of first) controller.enqueue(encoder.encode(chunk));
      secondPass = () => {
        for (const chunk of second) controller.enqueue(encoder.encode(chunk));
        controller.close();
      };
    },
  });
  const response = new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  return {
    response,
    secondPass: () => {
      secondPass();
    },
  };
}

const gzipRequest = new Request('http://localhost/', { headers: { 'accept-encoding': 'gzip' } });

describe('compressDocument', () => {
  it('compresses a pass of chunks as one flush, and streams a later pass before the end', async () => {
    const first = Array.from({ length: 30 }, (_, n) => `<div>part ${n}</div>`);
    const second = ['<template>late</template>', '</body></html>'];
    const { response, secondPass } = renderedInTwoPasses(first, second);
    const compressed = compressDocument(gzipRequest, response);
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    if (!compressed.body) throw new Error('no body');
    const reader = compressed.body.getReader();

    // The first pass arrives, whole, while the second is not yet written.
    const beforeEnd: Uint8Array[] = [];
    while (gunzipSync(Buffer.concat(beforeEnd), { finishFlush: 2 }).toString() !== first.join('')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the first pass did not arrive before the end');
      beforeEnd.push(value);
    }
    // Thirty chunks written in one turn are compressed and flushed once, not thirty times.
    expect(beforeEnd.length).toBe(1);

    await turn();
    secondPass();
    const rest: Uint8Array[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest.push(value);
    }
    expect(gunzipSync(Buffer.concat([...beforeEnd, ...rest])).toString()).toBe(
      [...first, ...second].join(''),
    );
  });

  it('leaves an answer alone when the browser does not accept gzip', async () => {
    const { response, secondPass } = renderedInTwoPasses(['<p>a</p>'], ['<p>b</p>']);
    const plain = compressDocument(new Request('http://localhost/'), response);
    secondPass();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('<p>a</p><p>b</p>');
  });
});
