import { describe, expect, it } from 'vitest';
import { statusOf, uploadErrorMessage, worthRetrying } from './upload-error.ts';

const failure = (status: number, body: string) => ({
  originalResponse: { getStatus: () => status, getBody: () => body },
});

describe('uploadErrorMessage', () => {
  it("reads the envelope's message", () => {
    const body = JSON.stringify({ code: 413, message: '文件太大，不能超过 4 GB', data: null });
    expect(uploadErrorMessage(failure(413, body))).toBe('文件太大，不能超过 4 GB');
  });

  it('falls back to a plain failure for other bodies and network errors', () => {
    expect(uploadErrorMessage(failure(500, 'Something went wrong'))).toBe('上传失败');
    expect(uploadErrorMessage(new Error('xhr error'))).toBe('上传失败');
  });
});

describe('worthRetrying', () => {
  it('never while offline', () => {
    expect(worthRetrying(new Error('network'), false)).toBe(false);
  });

  it('on a network failure or a server error', () => {
    expect(statusOf(new Error('network'))).toBe(0);
    expect(worthRetrying(new Error('network'), true)).toBe(true);
    expect(worthRetrying(failure(503, ''), true)).toBe(true);
  });

  it('not on a refusal, except an offset conflict or a lock', () => {
    expect(worthRetrying(failure(401, ''), true)).toBe(false);
    expect(worthRetrying(failure(404, ''), true)).toBe(false);
    expect(worthRetrying(failure(413, ''), true)).toBe(false);
    expect(worthRetrying(failure(409, ''), true)).toBe(true);
    expect(worthRetrying(failure(423, ''), true)).toBe(true);
  });
});
