// The one way the app talks to the server. Every call sends and
// expects JSON; every failure becomes an ApiError carrying the message an applicant should read.
import { ApiError } from "../../api-contract/errors";
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
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (!options.signal?.aborted) console.error(`${method} ${path} did not reach the server`, error);
    throw new ApiError(0, accountMessages.unexpected);
  }
  lastCallAt = Date.now();
  const data: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) {
    console.error(`${method} ${path}: 401`, data);
    if (options.handleUnauthorized !== false) onUnauthorized();
    throw new ApiError(401, accountMessages.sessionInvalid, asObject(data));
  }
  if (!response.ok || data === undefined) {
    const message = messageOf(data) ?? accountMessages.unexpected;
    console.error(`${method} ${path}: ${response.status} ${message}`);
    throw new ApiError(response.status, response.ok ? accountMessages.unexpected : message, asObject(data));
  }
  return data as T;
}

const asObject = (data: unknown): Record<string, unknown> => (typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {});

function messageOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || !("message" in data)) return undefined;
  return typeof data.message === "string" && data.message.trim() !== "" ? data.message : undefined;
}
