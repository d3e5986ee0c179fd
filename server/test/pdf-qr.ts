import jsQR from "jsqr";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
} from "pdf-lib";

// Reads the QR code printed in a PDF back, for tests (the invoice's KSeF code KOD I): every image
// XObject of the document is turned into RGBA pixels and given to jsQR; the first code found wins.
// It handles what pdf-lib and the usual writers embed: FlateDecode (and unfiltered) images, 8-bit
// DeviceGray / DeviceRGB / DeviceCMYK or ICCBased colour, 1-bit gray, and the PNG predictors of
// /DecodeParms. Other images (JPEG, indexed colours) are skipped. A small image is enlarged and
// framed in white first, so a code drawn at one pixel per module still decodes.
//
// API: decodePdfQr(pdfBytes): Promise<string | null>

interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

const DEVICE_COMPONENTS: Record<string, number> = { DeviceGray: 1, DeviceRGB: 3, DeviceCMYK: 4 };

function numberOf(dict: PDFDict, key: string): number | undefined {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

/** Colour components of the image's colour space, or null when it is not a plain one. */
function components(space: PDFObject | undefined, dict: PDFDict): number | null {
  if (space instanceof PDFName) return DEVICE_COMPONENTS[space.decodeText()] ?? null;
  if (space instanceof PDFArray && space.lookup(0) === PDFName.of("ICCBased")) {
    const profile = space.lookup(1);
    return profile instanceof PDFRawStream ? (numberOf(profile.dict, "N") ?? null) : null;
  }
  // an image mask (or a soft mask without a colour space) is one gray channel
  return space === undefined ? 1 : dict.lookup(PDFName.of("ImageMask")) ? 1 : null;
}

/** Undoes the PNG row filters (Predictor >= 10): each row starts with its filter type byte. */
function unpredict(bytes: Uint8Array, rowBytes: number, pixelBytes: number): Uint8Array {
  const rows = Math.floor(bytes.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  for (let row = 0; row < rows; row += 1) {
    const type = bytes[row * (rowBytes + 1)] ?? 0;
    const source = row * (rowBytes + 1) + 1;
    const target = row * rowBytes;
    for (let i = 0; i < rowBytes; i += 1) {
      const raw = bytes[source + i] ?? 0;
      const left = i >= pixelBytes ? (out[target + i - pixelBytes] ?? 0) : 0;
      const up = row > 0 ? (out[target - rowBytes + i] ?? 0) : 0;
      const upLeft = row > 0 && i >= pixelBytes ? (out[target - rowBytes + i - pixelBytes] ?? 0) : 0;
      let predicted = 0;
      if (type === 1) predicted = left;
      else if (type === 2) predicted = up;
      else if (type === 3) predicted = (left + up) >> 1;
      else if (type === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      out[target + i] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

/** The image's pixels as RGBA, or null when it is of a kind this reader does not handle. */
function rasterOf(stream: PDFRawStream): Raster | null {
  const { dict } = stream;
  const width = numberOf(dict, "Width");
  const height = numberOf(dict, "Height");
  const bits = numberOf(dict, "BitsPerComponent") ?? 1;
  const count = components(dict.lookup(PDFName.of("ColorSpace")), dict);
  if (!width || !height || !count || (bits !== 8 && !(bits === 1 && count === 1))) return null;
  let bytes: Uint8Array;
  try {
    bytes = decodePDFRawStream(stream).decode();
  } catch {
    return null; // a filter pdf-lib does not decode (JPEG and the like)
  }
  const rowBytes = Math.ceil((width * count * bits) / 8);
  const parms = dict.lookup(PDFName.of("DecodeParms"));
  if (parms instanceof PDFDict && (numberOf(parms, "Predictor") ?? 1) >= 10) {
    bytes = unpredict(bytes, rowBytes, Math.max(1, (count * bits) / 8));
  }
  if (bytes.length < rowBytes * height) return null;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      let rgb: [number, number, number];
      if (bits === 1) {
        const bit = ((bytes[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
        const gray = bit ? 255 : 0;
        rgb = [gray, gray, gray];
      } else {
        const p = y * rowBytes + x * count;
        const c = (i: number) => bytes[p + i] ?? 0;
        if (count === 1) rgb = [c(0), c(0), c(0)];
        else if (count === 3) rgb = [c(0), c(1), c(2)];
        else {
          const k = 255 - c(3);
          rgb = [((255 - c(0)) * k) / 255, ((255 - c(1)) * k) / 255, ((255 - c(2)) * k) / 255];
        }
      }
      data.set([...rgb, 255], at);
    }
  }
  return { width, height, data };
}

/** Enlarged (nearest neighbour) to about 300 px and framed in white: what jsQR reads best. */
function framed(image: Raster): Raster {
  const scale = Math.max(1, Math.min(8, Math.floor(300 / Math.max(image.width, image.height))));
  const border = 16;
  const width = image.width * scale + 2 * border;
  const height = image.height * scale + 2 * border;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < image.height * scale; y += 1) {
    for (let x = 0; x < image.width * scale; x += 1) {
      const from = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 4;
      data.set(image.data.subarray(from, from + 4), ((y + border) * width + x + border) * 4);
    }
  }
  return { width, height, data };
}

/** The text of the first QR code found in the PDF's images, or null when there is none. */
export async function decodePdfQr(pdfBytes: Uint8Array): Promise<string | null> {
  const pdf = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.lookup(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    const raster = rasterOf(object);
    if (!raster) continue;
    const { data, width, height } = framed(raster);
    const code = jsQR(data, width, height);
    if (code) return code.data;
  }
  return null;
}
