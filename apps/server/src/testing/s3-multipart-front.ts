import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Where s3rver's filesystem store keeps a bucket's multipart uploads (lib/stores/filesystem.js). */
const uploadsDirOf = (directory: string, bucket: string) =>
  path.join(directory, bucket, '._S3rver_uploads');

/** S3's default and largest page of parts. */
const MAX_PARTS = 1000;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function errorXml(code: string, message: string, resource: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error>' +
    `<Code>${code}</Code><Message>${escapeXml(message)}</Message>` +
    `<Resource>${escapeXml(resource)}</Resource><RequestId>0</RequestId></Error>`
  );
}

interface StoredPart {
  number: number;
  size: number;
  etag: string;
  lastModified: Date;
}

/** The upload's parts as s3rver stored them (`<n>` and `<n>.md5`), or null when it has no such upload. */
async function readParts(uploadDir: string, key: string): Promise<StoredPart[] | null> {
  const storedKey = await readFile(path.join(uploadDir, 'key'), 'utf8').catch(() => null);
  if (storedKey !== key) return null;
  const parts: StoredPart[] = [];
  for (const name of await readdir(uploadDir)) {
    if (!/^\d+$/.test(name)) continue;
    const file = path.join(uploadDir, name);
    const [stats, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
    parts.push({
      number: Number(name),
      size: stats.size,
      etag: `"${md5}"`,
      lastModified: stats.mtime,
    });
  }
  return parts.sort((a, b) => a.number - b.number);
}

/** ListPartsResult (AWS S3 API reference, ListParts) for one page after `marker`. */
function listPartsXml(
  bucket: string,
  key: string,
  uploadId: string,
  parts: StoredPart[],
  marker: number,
  maxParts: number,
): string {
  const after = parts.filter((part) => part.number > marker);
  const page = after.slice(0, maxParts);
  const truncated = after.length > page.length;
  const next = page.at(-1)?.number ?? marker;
  const partsXml = page
    .map(
      (part) =>
        `<Part><PartNumber>${part.number}</PartNumber>` +
        `<LastModified>${part.lastModified.toISOString()}</LastModified>` +
        `<ETag>${escapeXml(part.etag)}</ETag><Size>${part.size}</Size></Part>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key>` +
    `<UploadId>${escapeXml(uploadId)}</UploadId>` +
    `<PartNumberMarker>${marker}</PartNumberMarker>` +
    `<NextPartNumberMarker>${next}</NextPartNumberMarker>` +
    `<MaxParts>${maxParts}</MaxParts><IsTruncated>${truncated}</IsTruncated>` +
    '<StorageClass>STANDARD</StorageClass>' +
    partsXml +
    '</ListPartsResult>'
  );
}

/** A multipart call s3rver lacks, answered here: ListParts (GET) or AbortMultipartUpload (DELETE). */
async function answerMultipart(
  request: IncomingMessage,
  url: URL,
  directory: string,
): Promise<{ status: number; body: string } | null> {
  const uploadId = url.searchParams.get('uploadId');
  if (uploadId === null || (request.method !== 'GET' && request.method !== 'DELETE')) return null;
  const [, bucket = '', ...keyParts] = url.pathname.split('/');
  const key = keyParts.map(decodeURIComponent).join('/');
  const resource = `/${bucket}/${key}`;
  const uploadDir = path.join(uploadsDirOf(directory, decodeURIComponent(bucket)), uploadId);
  const parts = /^[0-9a-f]+$/.test(uploadId) ? await readParts(uploadDir, key) : null;
  if (!parts) {
    return {
      status: 404,
      body: errorXml('NoSuchUpload', 'The specified upload does not exist.', resource),
    };
  }
  if (request.method === 'DELETE') {
    await rm(uploadDir, { recursive: true, force: true });
    return { status: 204, body: '' };
  }
  const marker = Number(url.searchParams.get('part-number-marker') ?? 0);
  const maxParts = Math.min(Number(url.searchParams.get('max-parts') ?? MAX_PARTS), MAX_PARTS);
  if (!Number.isInteger(marker) || marker < 0 || !Number.isInteger(maxParts) || maxParts < 1) {
    return {
      status: 400,
      body: errorXml('InvalidArgument', 'Bad part-number-marker or max-parts.', resource),
    };
  }
  return { status: 200, body: listPartsXml(bucket, key, uploadId, parts, marker, maxParts) };
}

/**
 * A loopback HTTP front for s3rver (the test double of S3): it answers ListParts and
 * AbortMultipartUpload, which s3rver does not implement, from the parts s3rver's filesystem store
 * keeps under `directory`, and passes every other request to s3rver byte for byte (the Host header
 * included, so SigV4 signatures still verify there). The two calls it answers are not
 * signature-checked.
 */
export async function startMultipartFront(
  directory: string,
  target: { port: number },
): Promise<{ port: number; server: Server }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://front');
    answerMultipart(request, url, directory).then(
      (answer) => {
        if (answer) {
          response.writeHead(answer.status, { 'content-type': 'application/xml' });
          response.end(answer.body);
          return;
        }
        const upstream = forward(
          {
            host: '127.0.0.1',
            port: target.port,
            method: request.method,
            path: request.url,
            headers: request.headers,
          },
          (reply) => {
            response.writeHead(reply.statusCode ?? 502, reply.headers);
            reply.pipe(response);
          },
        );
        upstream.on('error', () => response.destroy());
        request.pipe(upstream);
      },
      () => {
        response.writeHead(500, { 'content-type': 'application/xml' });
        response.end(errorXml('InternalError', 'The front failed.', url.pathname));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}
