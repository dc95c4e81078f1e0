// What the logs may hold (SECURITY.md: secrets stay out of logs). Secrets travel in a few query
// parameters: the PDF printer's service token, a save-for-later token, and the signatures of
// signed file links (the local store's and S3's). Every request line and every error the server
// logs (a failed print's message names the page it opened) shows them as [redacted].
import type { FastifyRequest } from "fastify";

const SECRET_PARAMETERS = ["service_token", "token", "signature", "X-Amz-Signature", "X-Amz-Credential", "X-Amz-Security-Token"];
const SECRET = new RegExp(`([?&](?:${SECRET_PARAMETERS.join("|")})=)[^&#\\s"'<>]*`, "gi");

/** `text` with the value of every secret query parameter replaced by [redacted]. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET, "$1[redacted]");
}

/** Fastify's request and error serializers, with secrets redacted. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactSecrets(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
  },
  err(error: Error & { code?: unknown }) {
    return { type: error.name, message: redactSecrets(String(error.message)), stack: redactSecrets(String(error.stack)), code: error.code };
  },
};
