// A refusal as the API answers it, the same class on both sides: the server throws it and its error
// handler (src/server/platform/http.ts) answers `{ message, ...body }` with `status`; the browser's calls
// (src/client/api/client.ts) reject with one made from that answer, or with status 0 when the
// server was not reached. Messages come from the catalogues (src/engine/messages.ts for texts both
// sides send, src/server/messages.ts for the server's own).
export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 in the browser when no answer came. */
    readonly status: number,
    /** What the applicant reads. */
    message: string,
    /** The answer's JSON besides the message (a submit's `errors`); in the browser, the whole answer. */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}
