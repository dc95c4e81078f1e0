// Bytes handed between threads (isolated.ts and its worker): moved, not copied.

/** These bytes as a Buffer, without copying them (a PDF from pdf-lib, bytes a thread handed over). */
export const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Whether these bytes are the whole of their memory, so can be handed to another thread (a small Buffer shares Node's pool). */
export const ownsMemory = (bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> =>
  bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
