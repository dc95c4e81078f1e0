// pdf-lib lets the event loop run every 100 objects it reads and every 50 it writes, with a
// setTimeout each time: a tagged print or an uploaded PDF has thousands of objects, so a job
// waited on hundreds of timers behind whatever else the server was doing (the PDF copy spent
// 100-750 ms merging). In steps of 2,000 objects it still yields, a few times per file.
const OBJECTS_PER_TICK = 2000;

/** Options for PDFDocument.load. */
export const LOADING = { parseSpeed: OBJECTS_PER_TICK } as const;
/** Options for PDFDocument.save. */
export const SAVING = { objectsPerTick: OBJECTS_PER_TICK } as const;
