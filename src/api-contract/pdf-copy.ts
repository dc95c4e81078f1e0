// The PDF copy of the whole application.
import { CONVERSION_STATUSES } from "./statuses";

export const pdfCopy = {
  type: "object",
  properties: {
    status: { enum: CONVERSION_STATUSES },
    url: { type: ["string", "null"] },
    message: { type: ["string", "null"] },
  },
  required: ["status", "url", "message"],
} as const;
