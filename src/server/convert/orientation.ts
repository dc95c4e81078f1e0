// Phones store a photo as the sensor saw it and put "rotate me" in its EXIF Orientation tag.
// A PDF has no such tag, so the turn has to be applied when the photo is drawn on the page.

/** Quarter turns clockwise that show this JPEG upright; 0 when it has no (readable) tag. */
export function quarterTurns(jpeg: Uint8Array): number {
  try {
    return turnsFor(orientationTag(new DataView(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength)));
  } catch {
    // A damaged EXIF block only costs the turn: the picture itself may be fine.
    return 0;
  }
}

/**
 * Orientation values 1-8. The mirrored ones (2, 4, 5, 7) come from some front cameras; a mirror
 * image of a document is still readable, so they get the nearest turn and no flip.
 */
function turnsFor(orientation: number): number {
  return { 3: 2, 4: 2, 5: 3, 6: 1, 7: 1, 8: 3 }[orientation] ?? 0;
}

const APP1 = 0xe1;
const START_OF_SCAN = 0xda;
const ORIENTATION = 0x0112;

function orientationTag(view: DataView): number {
  // Markers follow the FF D8 start-of-image; EXIF is an APP1 segment before the image data.
  for (let at = 2; at + 4 <= view.byteLength;) {
    if (view.getUint8(at) !== 0xff) return 0;
    const marker = view.getUint8(at + 1);
    if (marker === START_OF_SCAN) return 0;
    const length = view.getUint16(at + 2);
    if (marker === APP1 && view.getUint32(at + 4) === 0x45786966 /* "Exif" */)
      return tiffOrientation(new DataView(view.buffer, view.byteOffset + at + 10, length - 8));
    at += 2 + length;
  }
  return 0;
}

function tiffOrientation(tiff: DataView): number {
  const little = tiff.getUint16(0) === 0x4949; // "II" is Intel byte order, "MM" Motorola
  const firstDirectory = tiff.getUint32(4, little);
  const count = tiff.getUint16(firstDirectory, little);
  for (let i = 0; i < count; i++) {
    const entry = firstDirectory + 2 + i * 12;
    if (tiff.getUint16(entry, little) === ORIENTATION) return tiff.getUint16(entry + 8, little);
  }
  return 0;
}
