// The same store on any S3-compatible bucket (AWS, MinIO, Ceph, …). The bucket enforces the POST
// policy itself; nothing here sees the upload.
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import { Upload } from "@aws-sdk/lib-storage";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Config } from "../platform/config";
import { assertKey, attachment, contentTypeOf } from "./keys";
import type { Storage } from "./types";

export interface S3Storage extends Storage { readonly kind: "s3" }

export function openS3Storage(config: S3Config, now: () => Date): S3Storage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  });
  const Bucket = config.bucket;

  return {
    kind: "s3",

    async presignUpload(key, { maxBytes, expiresInSeconds }) {
      assertKey(key);
      // createPresignedPost adds the exact-key condition itself ({ key }).
      return createPresignedPost(client, { Bucket, Key: key, Conditions: [["content-length-range", 1, maxBytes]], Expires: expiresInSeconds });
    },

    async read(key) {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },

    async readStream(key) {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        // In Node the SDK's body is the response's stream.
        return object.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },

    async write(key, body, contentType) {
      assertKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },

    // A PutObject needs the length before the first byte, which a stream of unknown length does
    // not have; lib-storage's Upload sends it in 5 MB parts as they fill (at most 4 in flight,
    // so about 20 MB held), or as one PutObject when it is smaller, and aborts the multipart
    // upload when the body fails, so no part is left behind to bill.
    async writeStream(key, body, contentType) {
      assertKey(key);
      // When the body fails, its error is the one to tell (not a failed abort's after it).
      let bodyError: unknown;
      body.once("error", (error) => (bodyError = error));
      try {
        await new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType: contentType } }).done();
      } catch (error) {
        throw bodyError ?? error;
      }
    },

    // S3 answers a delete of a missing key with success.
    async remove(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list(folder) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async downloadUrl(key, { fileName, expiresInSeconds }) {
      assertKey(key);
      const command = new GetObjectCommand({ Bucket, Key: key, ResponseContentDisposition: attachment(fileName), ResponseContentType: contentTypeOf(fileName) });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds, signingDate: now() });
    },
  };
}
