import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3ClientConfig, type S3Settings } from '../storage/s3-storage.ts';
import { startMultipartFront } from './s3-multipart-front.ts';

export interface TestS3Server {
  /** What Melon is given to use the server's one bucket. */
  settings: S3Settings;
  /** Every key the bucket holds. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server over HTTP on a free loopback port (s3rver), with one empty bucket, its
 * objects in a temp dir removed by close. Melon reaches it through the real AWS SDK, by way of a
 * front answering the multipart calls s3rver lacks (ListParts, AbortMultipartUpload), which the
 * tus S3 store needs.
 */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'melon-s3-'));
  const bucket = 'melon-media';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const s3rver = await server.run();
  const front = await startMultipartFront(directory, s3rver);
  const { port } = front;
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's own fixed test credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    publicBaseUrl: undefined,
  };
  const client = new S3Client(s3ClientConfig(settings));
  return {
    settings,
    keys: async () => {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    close: async () => {
      client.destroy();
      const closed = new Promise((resolve) => front.server.close(resolve));
      // The SDK keeps its connections open; close is not waiting for them.
      front.server.closeAllConnections();
      await closed;
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
