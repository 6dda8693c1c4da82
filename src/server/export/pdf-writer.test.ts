// The PDF's text, read back by pdf.js (pdf-parse), is the text that was exported: Greek,
// Cyrillic and symbols as themselves, and a character the font lacks as U+FFFD, never as
// another letter (the standard Helvetica's WinAnsi printed 'Ω≈√' as other Latin-1 letters).
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/export-readers";
import { MISSING_GLYPH, printable } from "./pdf-fonts";
import { writePdf } from "./pdf-writer";
import type { ExportTable } from "./table";

async function pdfOf(table: ExportTable<unknown>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on("end", resolve));
  await writePdf(out, [table], "2026-11-28");
  await ended;
  return Buffer.concat(chunks);
}

const WORDS = ["Ωμέγα ≈ √2", "Жёлтый день", "∫ f dx € 5 ₹ 7 → ±", "Müller café"];
// U+4E2D (a CJK ideograph): DejaVu Sans has no glyph for it.
const MISSING = "中";

function tableOf(cells: string[]): ExportTable<string> {
  return {
    name: "words",
    title: "Wörter Ωμέγα",
    filters: ["Name: Жёлтый"],
    columns: [{ header: "Word ≈", type: "text", value: (row) => row }],
    pages: async function* () {
      yield cells;
    },
  };
}

describe("the PDF's characters", () => {
  it("reads back Greek, Cyrillic and symbols exactly, and a missing glyph as U+FFFD", async () => {
    const text = await pdfText(
      await pdfOf(tableOf([...WORDS, `name ${MISSING} end`]) as ExportTable<unknown>),
    );
    const lines = text.split("\n").map((line) => line.trim());
    expect(lines).toContain("Wörter Ωμέγα");
    expect(lines).toContain("Filters: Name: Жёлтый");
    expect(lines).toContain("Word ≈");
    for (const word of WORDS) expect(lines).toContain(word);
    expect(lines).toContain(`name ${MISSING_GLYPH} end`);
    expect(text).not.toContain(MISSING);
  });

  it("replaces exactly the characters the font has no glyph for", () => {
    expect(printable("a中b😀\u0378")).toBe(`a${MISSING_GLYPH}b😀${MISSING_GLYPH}`);
    expect(printable("line\nnext\ttab")).toBe("line\nnext\ttab");
  });
});
