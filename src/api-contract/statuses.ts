// How the conversion of an uploaded document, or the making of the PDF copy, stands. The
// database's status columns hold the same words (db/migrations).
export const CONVERSION_STATUSES = ["UNPROCESSED", "IN_PROGRESS", "COMPLETED", "FAILED"] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** What GET /api/pdf/document-answer/:key answers: a conversion's status, or that the question has none. */
export const DOCUMENT_STATUSES = [...CONVERSION_STATUSES, "NOT_ANSWERED"] as const;
