// The answer of every refusal, and of calls that only confirm: `{ "message": … }`.
export const reply = { type: "object", properties: { message: { type: "string" } }, required: ["message"] } as const;

/** A route's answers when success says only a sentence. */
export const replies = { 200: reply, "4xx": reply } as const;
