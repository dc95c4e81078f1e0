// pdf-lib as the server uses it: how often it yields while reading and writing, and how it copies
// a stream's bytes into the file.
import { PDFStream } from "pdf-lib";

// pdf-lib lets the event loop run every 100 objects it reads and every 50 it writes, with a
// setTimeout each time: a tagged print or an uploaded PDF has thousands of objects, so a job
// waited on hundreds of timers behind whatever else the server was doing (the PDF copy spent
// 100-750 ms merging). In steps of 2,000 objects it still yields, a few times per file.
const OBJECTS_PER_TICK = 2000;

/** Options for PDFDocument.load. */
export const LOADING = { parseSpeed: OBJECTS_PER_TICK } as const;
/** Options for PDFDocument.save. */
export const SAVING = { objectsPerTick: OBJECTS_PER_TICK } as const;

// pdf-lib writes a stream's contents into the file one byte at a time, in JavaScript: for a
// photo that loop was most of a JPEG's conversion (scripts/bench-convert.ts measures conversions). Here the contents
// go in one TypedArray.set, between the same bytes pdf-lib writes around them (pdf-steps.test.ts
// saves documents both ways and compares). pdf-lib 1.17.1 is its last release, so this stays
// ours; it applies wherever this module is loaded, that is wherever the server saves a PDF.
const STREAM = Buffer.from("\nstream\n", "latin1");
const ENDSTREAM = Buffer.from("\nendstream", "latin1");
/** pdf-lib's own copy, kept for the test that compares. */
export const copyByteByByte = PDFStream.prototype.copyBytesInto;
PDFStream.prototype.copyBytesInto = function copyBytesInto(this: PDFStream, buffer: Uint8Array, offset: number): number {
  this.updateDict();
  const start = offset;
  offset += this.dict.copyBytesInto(buffer, offset);
  buffer.set(STREAM, offset);
  offset += STREAM.length;
  const contents = this.getContents();
  buffer.set(contents, offset);
  offset += contents.length;
  buffer.set(ENDSTREAM, offset);
  return offset + ENDSTREAM.length - start;
};
