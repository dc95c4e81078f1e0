// npx tsx scripts/bench-convert.ts — how fast uploads become PDFs on this machine. Prints
// figures beside the targets; asserts nothing.
//   per file type   median of several conversions one after another, inputs near the 1 MB upload limit;
//                   images and PDFs also beside the floor: the same converter called on the event
//                   loop, as before conversions moved to threads (isolated.ts), alternating with it
//   20 at once      5 of each type started together: total time, and whether every one came back
// The inputs are made here (tests/support/files.ts), like the tests' files.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { StandardFonts } from "pdf-lib";
import { convertToPdf, isolation } from "../src/server/convert";
import { imageToPdf } from "../src/server/convert/image";
import { rewritePdf } from "../src/server/convert/pdf";
import { sniff } from "../src/server/convert/sniff";
import { docx, docxWithPictures, jpegOf, pdfWithText, png } from "../tests/support/files";
import { median, seededRandom } from "./lib/stats";

const MB = 1024 * 1024;

/** A page scanned at 200 dpi: lines of "text" on paper with sensor noise, as a PNG of about 1 MB. */
function scan(hasAlpha: boolean): Buffer {
  const noise = seededRandom(7);
  return png(
    1700,
    2200,
    (x, y) => {
      const isInk = y % 40 < 14 && x > 150 && x < 1550 && (x * 31 + Math.floor(y / 40) * 17) % 23 < 9;
      const value = isInk ? 30 : noise() < 0.07 ? 200 + Math.floor(noise() * 50) : 245;
      return hasAlpha ? [value, value, value, 255] : [value, value, value];
    },
    { hasAlpha, isFiltered: true },
  );
}

async function inputs() {
  const scanned = await convertToPdf(scan(false));
  if (!scanned.ok) throw new Error(scanned.message);
  // The scan photographed: a JPEG of the page, with the grain a phone camera leaves.
  const jpeg = await jpegOf(scanned.pdf, 180, 92);

  const lines = Array.from({ length: 50 }, (_, i) => `Line ${i + 1} of my personal statement, about why I want to study here and what I hope to learn.`);
  const pdf = await pdfWithText(lines, 40);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const photo = await pdf.embedJpg(jpeg);
  pdf.addPage([612, 792]).drawImage(photo, { x: 0, y: 0, width: 612, height: 792 });
  pdf.getPage(0).drawText("Transcript", { x: 50, y: 760, size: 14, font });

  const paragraphs = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1}: ${lines[i]}`);
  return {
    "png (RGB)": scan(false),
    "png (RGBA)": scan(true),
    jpeg,
    pdf: Buffer.from(await pdf.save()),
    "docx (text only)": docx(paragraphs),
    "docx (text + photo)": docxWithPictures(paragraphs, [{ jpeg }]),
  };
}

const size = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(2)} MB` : `${Math.round(bytes / 1024)} KB`);

async function timed(convert: (bytes: Buffer) => Promise<{ ok: true } | { ok: false; message: string }>, bytes: Buffer) {
  const start = performance.now();
  const result = await convert(bytes);
  if (!result.ok) throw new Error(`bench input refused: ${result.message}`);
  return performance.now() - start;
}

/** The floor: the same converter on the event loop, without the thread (null for Word, which has always had a process of its own). */
function inProcess(bytes: Buffer) {
  const kind = sniff(bytes);
  if (kind === "pdf") return rewritePdf;
  if (kind === "png" || kind === "jpeg") return (image: Buffer) => imageToPdf(image, kind);
  return null;
}

async function main() {
  const files = await inputs();
  console.log(`conversion benchmark (Node ${process.version}); LibreOffice network isolation: ${(await isolation()).description}`);
  console.log(
    `${"file type".padEnd(22)} ${"input".padStart(9)} ${"median".padStart(10)} ${"floor".padStart(8)} ${"ratio".padStart(6)} ${"runs".padStart(5)}  target`,
  );
  const stall = monitorEventLoopDelay({ resolution: 10 });
  for (const [name, bytes] of Object.entries(files)) {
    const isWord = name.startsWith("docx");
    const runs = isWord ? 5 : 41;
    const floor = inProcess(bytes);
    // Warm the JIT and the disk cache, as a running server is.
    await timed(convertToPdf, bytes);
    if (floor) for (let i = 0; i < 3; i++) await timed(floor, bytes);
    const samples: number[] = [];
    const floorSamples: number[] = [];
    let blockedMs = 0;
    for (let i = 0; i < runs; i++) {
      stall.reset();
      stall.enable();
      samples.push(await timed(convertToPdf, bytes));
      stall.disable();
      blockedMs = Math.max(blockedMs, stall.max / 1e6);
      if (floor) floorSamples.push(await timed(floor, bytes));
    }
    const ms = median(samples);
    const floorMs = floor ? median(floorSamples) : NaN;
    // Starting LibreOffice costs the same whatever the size, so seconds per MB mean something
    // only near the 1 MB upload limit.
    const perMB = `${(ms / 1000 / (bytes.length / MB)).toFixed(2)} s per MB`;
    const target = !isWord ? "< 300 ms, ≤ 1.2 × floor" : bytes.length > MB / 2 ? `< 3 s per MB: ${perMB}` : "(LibreOffice's fixed cost)";
    const blocked = `(event loop blocked up to ${Math.round(blockedMs)} ms)`;
    const columns = [
      name.padEnd(22),
      size(bytes.length).padStart(9),
      `${ms.toFixed(1)} ms`.padStart(10),
      (floor ? `${floorMs.toFixed(1)} ms` : "-").padStart(8),
      (floor ? `${(ms / floorMs).toFixed(2)}×` : "-").padStart(6),
      String(runs).padStart(5),
    ];
    console.log(`${columns.join(" ")}  ${target} ${blocked}`);
  }

  const kinds = [files["png (RGB)"], files.jpeg, files.pdf, files["docx (text + photo)"]];
  const batch = Array.from({ length: 20 }, (_, i) => kinds[i % kinds.length]!);
  const start = performance.now();
  const results = await Promise.allSettled(batch.map((bytes) => convertToPdf(bytes)));
  const seconds = (performance.now() - start) / 1000;
  const converted = results.filter((result) => result.status === "fulfilled" && result.value.ok).length;
  const verdict = converted === batch.length ? "all complete, none lost" : `${batch.length - converted} LOST`;
  console.log(`20 at once (5 each of png, jpeg, pdf, docx): ${seconds.toFixed(1)} s, ${converted}/${batch.length} converted: ${verdict}`);
}

await main();
