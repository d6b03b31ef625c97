import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListPartsCommand,
  NoSuchUpload,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3ClientConfig } from '../storage/s3-storage.ts';
import { startTestS3Server, type TestS3Server } from './s3-server.ts';

/* The test S3 server speaks the multipart calls the tus S3 store makes, to the real SDK. */

let s3: TestS3Server;
let client: S3Client;
beforeAll(async () => {
  s3 = await startTestS3Server();
  client = new S3Client(s3ClientConfig(s3.settings));
});
afterAll(async () => {
  client.destroy();
  await s3.close();
});

describe('the test S3 server', () => {
  const Bucket = () => s3.settings.bucket;

  /** A multipart upload with those parts sent: its id and the parts' ETags. */
  async function startUpload(Key: string, parts: string[]) {
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: Bucket(), Key }),
    );
    if (!UploadId) throw new Error('no upload id');
    const etags: string[] = [];
    for (const [index, body] of parts.entries()) {
      const { ETag } = await client.send(
        new UploadPartCommand({
          Bucket: Bucket(),
          Key,
          UploadId,
          PartNumber: index + 1,
          Body: body,
        }),
      );
      etags.push(ETag ?? '');
    }
    return { UploadId, etags };
  }

  it('lists an upload’s parts in pages, with the ETags UploadPart gave', async () => {
    const Key = 'uploads/list-me';
    const { UploadId, etags } = await startUpload(Key, ['aaa', 'bbbb', 'cc']);

    const first = await client.send(
      new ListPartsCommand({ Bucket: Bucket(), Key, UploadId, MaxParts: 2 }),
    );
    expect(first).toMatchObject({
      Bucket: Bucket(),
      Key,
      UploadId,
      MaxParts: 2,
      IsTruncated: true,
      NextPartNumberMarker: '2',
    });
    expect(first.Parts?.map((p) => [p.PartNumber, p.Size, p.ETag])).toEqual([
      [1, 3, etags[0]],
      [2, 4, etags[1]],
    ]);
    expect(first.Parts?.[0]?.LastModified).toBeInstanceOf(Date);

    const rest = await client.send(
      new ListPartsCommand({ Bucket: Bucket(), Key, UploadId, PartNumberMarker: '2' }),
    );
    expect(rest.IsTruncated).toBe(false);
    expect(rest.Parts?.map((p) => [p.PartNumber, p.Size, p.ETag])).toEqual([[3, 2, etags[2]]]);

    // Completing it still goes to s3rver, through the front.
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: Bucket(),
        Key,
        UploadId,
        MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }),
    );
    const object = await client.send(new GetObjectCommand({ Bucket: Bucket(), Key }));
    expect(await object.Body?.transformToString()).toBe('aaabbbbcc');
    // A completed upload is no longer listed: NoSuchUpload, as S3 answers.
    await expect(
      client.send(new ListPartsCommand({ Bucket: Bucket(), Key, UploadId })),
    ).rejects.toBeInstanceOf(NoSuchUpload);
  });

  it('aborts an upload: its parts are gone and it cannot be listed again', async () => {
    const Key = 'uploads/abort-me';
    const { UploadId } = await startUpload(Key, ['xyz']);
    await client.send(new AbortMultipartUploadCommand({ Bucket: Bucket(), Key, UploadId }));
    await expect(
      client.send(new ListPartsCommand({ Bucket: Bucket(), Key, UploadId })),
    ).rejects.toBeInstanceOf(NoSuchUpload);
    await expect(
      client.send(new AbortMultipartUploadCommand({ Bucket: Bucket(), Key, UploadId })),
    ).rejects.toBeInstanceOf(NoSuchUpload);
  });

  it('answers NoSuchUpload for an upload id under another key', async () => {
    const { UploadId } = await startUpload('uploads/one', ['1']);
    await expect(
      client.send(new ListPartsCommand({ Bucket: Bucket(), Key: 'uploads/other', UploadId })),
    ).rejects.toBeInstanceOf(NoSuchUpload);
  });
});
