// The answer of every refusal, `{ "message": …, "code": … }` (./messages.ts), and of calls that only confirm: `{ "message": … }`.
export const messageReply = { type: "object", properties: { message: { type: "string" }, code: { type: "string" } }, required: ["message"] } as const;

/** A route's answers when success says only a sentence. */
export const replies = { 200: messageReply, "4xx": messageReply } as const;
