import sharp from 'sharp';
import { uploadCommentImage } from '@melon/shared/calls/comment-image.calls';
import type { CommentImageUploaded } from '@melon/shared/contracts/comment-image';
import { multipartBody } from './multipart.ts';
import type { TestApp, Visitor } from './test-app.ts';

/** Uploads a small PNG as the visitor's comment picture through the real route; its uri. */
export async function uploadTestCommentImage(t: TestApp, visitor: Visitor): Promise<string> {
  const data = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();
  const { payload, contentType } = multipartBody({
    field: 'image',
    filename: 'picture.png',
    contentType: 'image/png',
    data,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: `${uploadCommentImage.path}?sk=xg_pc&aid=1768`,
    headers: { ...visitor.headers, 'content-type': contentType },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json<{ data: CommentImageUploaded }>().data.uri;
}
