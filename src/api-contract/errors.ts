// A refusal as the API answers it, the same class on both sides: the server throws it (made by
// `refuse`, from the catalogue in ./messages.ts; the browser's bundle leaves both out) and its error handler (src/server/platform/http.ts)
// answers `{ message, code, ...body }` with `status`; the browser's calls (src/client/api/client.ts)
// reject with one made from that answer, or with status 0 and code "unexpected" when the server
// was not reached.
import { messages, type ErrorCode } from "./messages";

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

type Params<C extends ErrorCode> = (typeof messages)[C] extends (...params: infer P) => string ? P : [];

/** The refusal `code` with its message (given its parameters) and `status`, to throw. */
export function refuse<C extends ErrorCode>(status: number, code: C, ...params: Params<C>): ApiError {
  const message = messages[code] as string | ((...params: unknown[]) => string);
  return new ApiError(status, code, typeof message === "function" ? message(...params) : message);
}
