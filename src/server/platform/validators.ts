// How the server checks a request's parts against their schemas (app.ts hands Fastify these
// validators): refusing rather than repairing, and the answers' wide body checked key by key.
import { AjvCompiler } from "@fastify/ajv-compiler";
import type { FastifyServerOptions } from "fastify";

/**
 * Request checks refuse rather than repair: no unknown keys dropped, no defaults filled in, and in
 * a JSON body no "1" turned into 1. An address and a query string are text, though: there "7" is
 * the whole number a schema asks for (/staff/api/staff/7, ?before=120), as Fastify does by default.
 */
export function requestValidators(): NonNullable<FastifyServerOptions["schemaController"]> {
  const fromPool = AjvCompiler();
  const strict = { removeAdditional: false, useDefaults: false } as const;
  return {
    compilersFactory: {
      buildValidator: (externalSchemas) => {
        const json = fromPool(externalSchemas, { customOptions: { ...strict, coerceTypes: false } });
        const text = fromPool(externalSchemas, { customOptions: { ...strict, coerceTypes: true } });
        return (route) => {
          if (route.httpPart !== "body") return finiteOnly(text(route) as unknown as Check) as unknown as ReturnType<typeof text>;
          if (!isWideObject(route.schema)) return json(route);
          return keyByKey(route.schema, (schema) => json({ ...route, schema: schema as typeof route.schema })) as unknown as ReturnType<typeof json>;
        };
      },
    },
  };
}

/**
 * Ajv's coercion reads "Infinity" in a query or an address as a number, which then passes
 * `integer`, `minimum` and `maximum` alike and reached SQL as a 500: a query's or an address's
 * numbers are finite, or refused as Ajv's own type errors are.
 */
function finiteOnly(check: Check): Check {
  const finite: Check = (data) => {
    if (!check(data)) {
      finite.errors = check.errors ?? null;
      return false;
    }
    const entries = data !== null && typeof data === "object" ? Object.entries(data) : [];
    const infinite = entries.find(([, value]) => [value].flat().some((v) => typeof v === "number" && !Number.isFinite(v)));
    finite.errors = infinite
      ? [{ instancePath: `/${infinite[0]}`, schemaPath: "#/type", keyword: "type", params: { type: "finite number" }, message: "must be a finite number" }]
      : null;
    return !infinite;
  };
  return finite;
}

/** The schema's own keywords Ajv would check on an object of many named properties (the answers). */
interface WideObject { type: "object"; properties: Record<string, unknown>; additionalProperties: false; maxProperties?: number }
const WIDE = 64;
const isWideObject = (schema: unknown): schema is WideObject => {
  const s = schema as Partial<WideObject> & Record<string, unknown>;
  return s.type === "object" && s.additionalProperties === false && typeof s.properties === "object" && Object.keys(s.properties).length > WIDE
    && Object.keys(s).every((k) => ["type", "description", "properties", "additionalProperties", "maxProperties"].includes(k));
};

interface KeyError { instancePath: string; schemaPath: string; keyword: string; params: Record<string, unknown>; message?: string }
type Check = ((data: unknown) => boolean) & { errors?: KeyError[] | null };

/**
 * A body of many named properties (PUT /api/answer's, some 490 keys) checked key by key: Ajv's
 * validator of the whole object looks up every property of the schema on each request, a twentieth
 * of an autosave's CPU; this looks up only the keys sent, each with the validator of its own schema
 * (compiled by the same Ajv, on first use), and reports the error Ajv would report first: the type,
 * too many keys, the first unknown key in the body, then the failing key first in the schema.
 */
function keyByKey(schema: WideObject, compile: (schema: unknown) => unknown): Check {
  const order = new Map(Object.keys(schema.properties).map((key, i) => [key, i]));
  const checks = new Map<string, Check>();
  const fail = (error: KeyError) => ((check.errors = [error]), false);
  const check: Check = (data) => {
    check.errors = null;
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      return fail({ instancePath: "", schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" });
    }
    const keys = Object.keys(data);
    if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) {
      return fail({ instancePath: "", schemaPath: "#/maxProperties", keyword: "maxProperties", params: { limit: schema.maxProperties }, message: `must NOT have more than ${schema.maxProperties} properties` });
    }
    for (const key of keys) {
      if (!order.has(key)) {
        return fail({ instancePath: "", schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key }, message: "must NOT have additional properties" });
      }
    }
    let first: { at: number; errors: KeyError[] } | undefined;
    for (const key of keys) {
      let keyCheck = checks.get(key);
      if (!keyCheck) checks.set(key, (keyCheck = compile(schema.properties[key]) as Check));
      if (keyCheck((data as Record<string, unknown>)[key])) continue;
      const at = order.get(key)!;
      if (!first || at < first.at) {
        const path = `/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
        first = { at, errors: (keyCheck.errors ?? []).map((e) => ({ ...e, instancePath: path + e.instancePath, schemaPath: `#/properties/${key}${e.schemaPath.slice(1)}` })) };
      }
    }
    if (!first) return true;
    check.errors = first.errors;
    return false;
  };
  return check;
}
