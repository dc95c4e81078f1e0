// The office's exports (admins): GET /staff/api/exports/{format}?<the list's filter> answers the
// file as a download (an attachment), streamed; a refusal is { message } (reply.ts).
export const EXPORT_FORMATS = ["csv", "labels", "jsonl", "zip"] as const;

export const exportParams = {
  type: "object",
  properties: {
    format: {
      enum: EXPORT_FORMATS,
      description: "csv: one row per application, one column per answer key; labels: each column's key, question label and page (CSV); "
        + "jsonl: one JSON object per application per line; zip: each submitted application's PDF copy and documents under {reference}/",
    },
  },
  required: ["format"],
  additionalProperties: false,
} as const;
