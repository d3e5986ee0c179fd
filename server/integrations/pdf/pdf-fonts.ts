import fs from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

// What every PDF the shop draws shares (the invoice, the withdrawal statement): the embedded,
// subsetted DejaVu Sans Condensed (TrueType from the dejavu-fonts-ttf package) so every Polish letter
// is a real glyph — the standard PDF fonts have no ą, ę, ł, ń, ś, ź, ż — the A4 page, and plain-text
// wrapping to a width.
//
// API:
//   A4_PAGE                          [595.28, 841.89] points
//   embedShopFonts(pdf): Promise<PdfFonts>   regular + bold, the files read once per process
//   cleanText(text): string          one line: control characters and whitespace runs → one space
//   wrapText(text, font, size, maxWidth): string[]

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf",
} as const;

export const A4_PAGE: [number, number] = [595.28, 841.89];

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;

/** The TrueType files, read once per process. */
function loadFontBytes() {
  fontBytes ??= Promise.all([
    fs.readFile(require.resolve(FONT_FILES.regular)),
    fs.readFile(require.resolve(FONT_FILES.bold)),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fontBytes;
}

/**
 * fontkit parsing each font file once per process: a parsed font serves every document (each makes its
 * own subset of it), so a PDF of many labels or invoices does not parse the TrueType files again each time.
 */
const parsedFonts = new Map<Uint8Array, ReturnType<typeof fontkit.create>>();
const onceParsingFontkit: typeof fontkit = {
  ...fontkit,
  create(data, postscriptName) {
    let font = parsedFonts.get(data);
    if (!font) {
      font = fontkit.create(data, postscriptName);
      parsedFonts.set(data, font);
    }
    return font;
  },
};

/** The shop's two fonts embedded (subsetted) in `pdf`. */
export async function embedShopFonts(pdf: PDFDocument): Promise<PdfFonts> {
  pdf.registerFontkit(onceParsingFontkit);
  const bytes = await loadFontBytes();
  return {
    regular: await pdf.embedFont(bytes.regular, { subset: true }),
    bold: await pdf.embedFont(bytes.bold, { subset: true }),
  };
}

/** One line of plain text: control characters and runs of whitespace become one space. */
export function cleanText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
}

/** Splits text into lines no wider than maxWidth (words first, then characters for a too-long word). */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const width = (value: string) => font.widthOfTextAtSize(value, size);
  const lines: string[] = [];
  let current = "";
  for (const word of cleanText(text).split(" ")) {
    if (word === "") continue;
    const candidate = current ? `${current} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    // a word wider than the column is broken by characters
    let piece = "";
    for (const char of word) {
      if (piece && width(piece + char) > maxWidth) {
        lines.push(piece);
        piece = "";
      }
      piece += char;
    }
    current = piece;
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [""];
}
