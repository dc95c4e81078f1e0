// The pieces the contract's schemas are built from, written once. Every helper keeps its result
// `as const`, so FromSchema in the browser and Fastify's type provider read the literal shapes.

/** A closed object: the properties named, the required ones listed, nothing else. */
export const body = <const P extends Record<string, unknown>, const R extends readonly string[]>(properties: P, required: R) =>
  ({ type: "object", properties, required, additionalProperties: false }) as const;

/** The schema, or null. Its type spelled out: a spread's inferred type made FromSchema read `string`, not `string | null`. */
export const nullable = <const T extends { type: string }>({ type, ...rest }: T): Omit<T, "type"> & { type: readonly [T["type"], "null"] } => ({ ...rest, type: [type, "null"] });

/** Any object, its keys left unchecked here (answers are the engine's to check). */
export const anything = { type: "object", additionalProperties: true } as const;

/** The header a browser's write names its definition version in (the hash of the one its script bundles). */
export const FORM_VERSION_HEADER = "x-form-version";

/** A definition version's name: the SHA-256 of its files, in hex (src/server/data/definition-versions.ts). */
export const versionHash = { type: "string", pattern: "^[0-9a-f]{64}$" } as const;

export const dateTime = { type: "string", format: "date-time" } as const;

/**
 * A day the database and JavaScript both hold: format date checks the month's days, the pattern
 * keeps the year from 1000 to 9999 (PostgreSQL has no year 0, and refused "0000-01-01" with an error).
 */
export const day = { type: "string", format: "date", pattern: "^[1-9]" } as const;

/** A row's id in an address or a query: a whole number PostgreSQL's integer holds. */
export const rowId = { type: "integer", minimum: 1, maximum: 2147483647 } as const;

/** Whether `value` is an id `rowId` takes: what a cursor from a browser or a key's holder names is checked with it. */
export const isRowId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= rowId.minimum && (value as number) <= rowId.maximum;

export const password = { type: "string", maxLength: 256 } as const;
