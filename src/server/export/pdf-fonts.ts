// The PDF's fonts: DejaVu Sans (regular and bold, from @fontsource/dejavu-sans, OFL), embedded
// and subset by pdfkit, so Greek, Cyrillic, symbols (≈ √ ∫ € ₹ →) and most scripts print as
// themselves; the standard Helvetica's WinAnsi encoding printed them as other letters.
// The files are read once per process (an export reuses the bytes) and found through the package,
// which stays in node_modules both under tsx and in the built dist/server (packages: "external").
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import { woffToSfnt } from "./woff-to-sfnt";

const require = createRequire(import.meta.url);

function fontFile(weight: 400 | 700): Buffer {
  // The package's full DejaVu Sans (its 'latin' file holds every glyph, 6,253 of them).
  return woffToSfnt(
    readFileSync(
      require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff`),
    ),
  );
}

let fonts: { regular: Buffer; bold: Buffer; covers: (codePoint: number) => boolean } | undefined;

/** The fonts' bytes, read on first use, and whether they draw a code point. */
export function pdfFonts() {
  if (!fonts) {
    const regular = fontFile(400);
    const bold = fontFile(700);
    // Both weights come from one family with one character set; the regular decides.
    const face = fontkit.create(regular) as fontkit.Font;
    fonts = { regular, bold, covers: (codePoint) => face.hasGlyphForCodePoint(codePoint) };
  }
  return fonts;
}

/** The names the documents' text fonts are registered under (registerPdfFonts). */
export const REGULAR = "text";
export const BOLD = "text-bold";

/** Registers the regular and bold text fonts on a new document. */
export function registerPdfFonts(doc: PDFKit.PDFDocument) {
  const { regular, bold } = pdfFonts();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
}

/** What a character the font cannot draw prints as: visibly a replacement, never another letter. */
export const MISSING_GLYPH = "\uFFFD";

/**
 * The text as the PDF prints it: every character the font has no glyph for becomes
 * MISSING_GLYPH. Line breaks and tabs pass (pdfkit lays them out itself).
 */
export function printable(text: string): string {
  const { covers } = pdfFonts();
  let out = "";
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    out += codePoint === 0x0a || codePoint === 0x09 || covers(codePoint) ? char : MISSING_GLYPH;
  }
  return out;
}
