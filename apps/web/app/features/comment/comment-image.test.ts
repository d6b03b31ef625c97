import { describe, expect, it } from 'vitest';
import { COMMENT_IMAGE_MAX_BYTES } from '@melon/shared/contracts/comment-image';
import { commentImageUrl, imageFileProblem } from './comment-image.ts';
import { commentMessages as t } from './messages.ts';

describe('commentImageUrl', () => {
  it('serves an uploaded picture from the media path and nothing else', () => {
    expect(commentImageUrl('comment-images/7301234567890123456.webp')).toBe(
      '/media/comment-images/7301234567890123456.webp',
    );
    expect(commentImageUrl(null)).toBeNull();
    expect(commentImageUrl('https://evil.example/a.webp')).toBeNull();
    expect(commentImageUrl('comment-images/../../etc/passwd')).toBeNull();
  });
});

describe('imageFileProblem', () => {
  it('takes pictures up to the size limit', () => {
    expect(imageFileProblem({ type: 'image/png', size: COMMENT_IMAGE_MAX_BYTES })).toBeNull();
    expect(imageFileProblem({ type: 'image/jpeg', size: COMMENT_IMAGE_MAX_BYTES + 1 })).toBe(
      t.imageTooLarge(5),
    );
    expect(imageFileProblem({ type: 'text/html', size: 10 })).toBe(t.imageNotImage);
    expect(imageFileProblem({ type: '', size: 10 })).toBe(t.imageNotImage);
    // The server cannot decode HEIC: left out, a phone converts its photos when they are picked.
    expect(imageFileProblem({ type: 'image/heic', size: 10 })).toBe(t.imageNotImage);
  });
});
