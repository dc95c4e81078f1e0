// The server's way to make a refusal: its code, and its message from the catalogue. Apart from
// ./errors.ts, which the browser loads: the catalogue reaches into the engine, and would bring it
// into every page's first script.
import { ApiError } from "./errors";
import { messages, type ErrorCode } from "./messages";

type Params<C extends ErrorCode> = (typeof messages)[C] extends (...params: infer P) => string ? P : [];

/** The refusal `code` with its message (given its parameters) and `status`, to throw. */
export function refuse<C extends ErrorCode>(status: number, code: C, ...params: Params<C>): ApiError {
  const message = messages[code] as string | ((...params: unknown[]) => string);
  return new ApiError(status, code, typeof message === "function" ? message(...params) : message);
}
