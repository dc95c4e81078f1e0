// A refusal as the API answers it, the same class on both sides: the server throws it (made by
// `refuse` in ./refuse.ts, from the catalogue in ./messages.ts; the browser imports neither) and
// its error handler (src/server/platform/http.ts) answers `{ message, code, ...body }` with
// `status`; the browser's calls (src/client/api/client.ts) reject with one made from that answer,
// or with status 0 and code "unexpected" when the server was not reached.
import type { ErrorCode } from "./messages";

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 in the browser when no answer came. */
    readonly status: number,
    /** What went wrong, for code to branch on: the key of the message in the catalogue. */
    readonly code: ErrorCode,
    /** What the applicant or officer reads. */
    message: string,
    /** The answer's JSON besides the message and code (a submit's `errors`); in the browser, the whole answer. */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}
