// "Save for later" for visitors: answers kept 30 days behind a random token. The answers sent are
// checked with the form's own answers schema, which the server builds from the definitions.
export const savedForLater = {
  type: "object",
  properties: { message: { type: "string" }, token: { type: "string" }, expires_at: { type: "string", format: "date-time" } },
  required: ["message", "token", "expires_at"],
} as const;

export const savedAnswersQuery = { type: "object", properties: { token: { type: "string", maxLength: 100 } }, required: ["token"], additionalProperties: false } as const;

export const savedAnswers = { type: "object", properties: { answer: { type: "object", additionalProperties: true } }, required: ["answer"] } as const;
