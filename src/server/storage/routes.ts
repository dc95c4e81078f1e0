// The local store's half of S3: POST /upload receives the signed form the browser was given by
// /api/presigned-url and enforces its policy; GET /files/* serves signed download links.
import type { Readable } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import multipart, { type Multipart } from "@fastify/multipart";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { messageReply, refuse } from "../../api-contract";
import type { ErrorCode } from "../../api-contract/messages";
import type { DownloadRefusal, LocalStorage, UploadRefusal } from "./local";
import { attachment, contentTypeOf } from "./keys";

type FormRefusal = "notForm" | "repeatedField" | "fileField" | "afterFile" | "secondFile" | "noFile" | "empty";

const refusals: Record<UploadRefusal | FormRefusal | DownloadRefusal, [status: number, code: ErrorCode]> = {
  notForm: [400, "uploadNotForm"],
  incomplete: [400, "uploadIncomplete"],
  unknownField: [400, "uploadUnknownField"],
  repeatedField: [400, "uploadRepeatedField"],
  fileField: [400, "uploadFileField"],
  afterFile: [400, "uploadAfterFile"],
  secondFile: [400, "uploadSecondFile"],
  noFile: [400, "uploadNoFile"],
  empty: [400, "uploadEmpty"],
  signature: [403, "uploadSignature"],
  expired: [403, "uploadExpired"],
  otherKey: [403, "uploadOtherKey"],
  badLink: [403, "downloadBadLink"],
  expiredLink: [403, "downloadExpiredLink"],
};
const refused = (refusal: keyof typeof refusals) => refuse(...refusals[refusal]);
const tooLarge = (maxBytes: number) => refuse(400, "uploadTooLarge", sizeText(maxBytes));
const gone = () => refuse(404, "fileGone");

// The form is three short fields and the file; busboy refuses anything much bigger than that.
// The file's own limit comes from its policy and is counted below.
const LIMITS = { fields: 8, fieldSize: 4096, fieldNameSize: 100, parts: 10, headerPairs: 20 };

/** Refusals are ApiErrors, answered by the app's error handler (platform/http.ts). */
export async function localStorageRoutes(app: FastifyInstance, storage: LocalStorage): Promise<void> {
  // A scope of its own: multipart parsing is for this route only; the JSON API stays JSON-only.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { ...LIMITS, fileSize: Infinity }, throwFileSizeLimit: false });
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw refuse(415, "uploadNotMultipart");
      throw error;
    });
    const routes = scope.withTypeProvider<JsonSchemaToTsProvider>();

    routes.post("/upload", {
      // Not in the API's document: the local twin of an S3 bucket's endpoint, as the files are.
      schema: { hide: true, summary: "Receive a file posted with a form from /api/presigned-url (local storage only)", response: { 204: { type: "null" }, "4xx": messageReply } },
    }, async (request, reply) => {
      try {
        const upload = await receive(request, storage);
        await storage.write(upload.key, upload.body, upload.contentType);
      } catch (error) {
        // Part of the body may be unread: the connection cannot carry another request.
        void reply.header("Connection", "close");
        throw error;
      }
      // As S3 answers a form without success_action_status.
      return reply.status(204).send(null);
    });

    routes.get("/files/*", {
      schema: {
        hide: true,
        summary: "Download a file by a link from the local store",
        params: { type: "object", properties: { "*": { type: "string" } }, required: ["*"] },
        querystring: {
          type: "object",
          properties: { expires: { type: "string", maxLength: 20 }, name: { type: "string", maxLength: 500 }, signature: { type: "string", maxLength: 100 } },
        },
        response: { 200: { description: "The file, as an attachment" }, "4xx": messageReply },
      },
    }, async (request, reply) => {
      const checked = storage.checkDownload(request.params["*"], request.query);
      if (!checked.ok) throw refused(checked.refusal);
      // Streamed: an export may be hundreds of megabytes.
      const body = await storage.readStream(checked.value.key);
      if (!body) throw gone();
      return reply.type(contentTypeOf(checked.value.fileName)).header("Content-Disposition", attachment(checked.value.fileName)).send(body);
    });
  });
}

/** The form's fields then its one file, checked in the order S3 checks a POST. */
async function receive(request: FastifyRequest, storage: LocalStorage): Promise<{ key: string; body: Buffer; contentType: string }> {
  const parts = request.parts({ limits: { ...LIMITS, fileSize: Infinity } });
  const fields = new Map<string, string>();
  let upload: { key: string; body: Buffer; contentType: string } | undefined;
  for (let part = await nextPart(parts); part; part = await nextPart(parts)) {
    if (upload) throw refused(part.type === "file" ? "secondFile" : "afterFile");
    if (part.type === "field") {
      if (typeof part.value !== "string") throw refused("notForm");
      if (fields.has(part.fieldname)) throw refused("repeatedField");
      fields.set(part.fieldname, part.value);
      continue;
    }
    if (part.fieldname !== "file") throw refused("fileField");
    // The policy is checked before a byte of the file is read.
    const checked = storage.checkUpload(Object.fromEntries(fields));
    if (!checked.ok) throw refused(checked.refusal);
    const body = await readAtMost(part.file, checked.value.maxBytes);
    if (body.length < checked.value.minBytes) throw refused("empty");
    upload = { key: checked.value.key, body, contentType: part.mimetype };
  }
  if (!upload) throw refused("noFile");
  return upload;
}

/** The next part, or null at the end; a form busboy cannot read is the client's fault. */
async function nextPart(parts: AsyncIterableIterator<Multipart>): Promise<Multipart | null> {
  try {
    const next = await parts.next();
    return next.done ? null : next.value;
  } catch {
    throw refused("notForm");
  }
}

/** The file's bytes; stops reading (and refuses) at the first byte past maxBytes. */
async function readAtMost(file: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) break;
      chunks.push(chunk);
    }
  } catch {
    throw refused("notForm");
  }
  // Leaving the loop early destroyed the stream: the rest of the body is never read.
  if (size > maxBytes) throw tooLarge(maxBytes);
  return Buffer.concat(chunks);
}

/** "1 MB", "500 KB", "10 bytes". */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
}
