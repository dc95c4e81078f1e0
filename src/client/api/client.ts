// The one way the app talks to the server. Every call sends and
// expects JSON; every failure becomes an ApiError carrying the message an applicant should read
// and the code the server gave it.
import { ApiError } from "../../api-contract/errors";
import type { ErrorCode } from "../../api-contract/messages";
import bundledVersion from "virtual:definition-version";
import { FORM_VERSION_HEADER } from "../../api-contract/schema";
import { accountMessages } from "../../engine/messages";

/** What happens on a 401: set once by the app (main.tsx; the office's staff/StaffRoutes.tsx) — clear the cache, go to its login. */
let onUnauthorized: () => void = () => {};
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

/** When the last call reached the server; the server's idle limit counts from it (useInactivity). */
export let lastCallAt = Date.now();

interface CallOptions {
  /** False for the inactivity logout: a session that has already expired is no news there. */
  handleUnauthorized?: boolean;
  /** Ends the call when its answer is no longer wanted (a search for text since typed over). */
  signal?: AbortSignal;
}

export async function call<T>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new URL(path, location.origin), {
      method,
      credentials: "same-origin",
      // Every call names the definitions this page was built with: the server refuses a write
      // made with a version it no longer serves (code formUpdated), and the page reloads.
      headers: body === undefined
        ? { Accept: "application/json", [FORM_VERSION_HEADER]: bundledVersion }
        : { Accept: "application/json", "Content-Type": "application/json", [FORM_VERSION_HEADER]: bundledVersion },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (!options.signal?.aborted) console.error(`${method} ${path} did not reach the server`, error);
    throw new ApiError(0, "unexpected", accountMessages.unexpected);
  }
  lastCallAt = Date.now();
  const data: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) {
    console.error(`${method} ${path}: 401`, data);
    if (options.handleUnauthorized !== false) onUnauthorized();
    throw new ApiError(401, "sessionInvalid", accountMessages.sessionInvalid, asObject(data));
  }
  if (!response.ok || data === undefined) {
    const refusal = response.ok ? new ApiError(response.status, "unexpected", accountMessages.unexpected) : refusalOf(response.status, data);
    console.error(`${method} ${path}: ${response.status} ${refusal.message}`);
    throw refusal;
  }
  return data as T;
}

const asObject = (data: unknown): Record<string, unknown> => (typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {});

/** The refusal the server answered with `status` and the JSON `data` (`{ message, code }`); "unexpected" when it says neither. */
export function refusalOf(status: number, data: unknown): ApiError {
  const { message, code } = asObject(data);
  const said = typeof message === "string" && message.trim() !== "";
  return new ApiError(status, said && typeof code === "string" ? (code as ErrorCode) : "unexpected", said ? message : accountMessages.unexpected, asObject(data));
}
