// A hardware item's specifications (spec part 2, section 3: `specs (json)`): a flat object of
// names and values, written in the Add/Edit dialogs as one `Name: value` per line. The limits
// and messages are the API's (schemas/hardware.ts uses them), so the form and the server agree.
import { containsNul, NUL_MESSAGE } from "./schemas/common";

export type HardwareSpecs = Record<string, string | number>;

export const MAX_SPECS = 50;
export const MAX_SPEC_NAME_LENGTH = 100;
export const MAX_SPEC_VALUE_LENGTH = 500;

export const SPECS_COUNT_MESSAGE = `Specs can have at most ${MAX_SPECS} entries`;
export const SPEC_NAME_LENGTH_MESSAGE = `Spec names must be at most ${MAX_SPEC_NAME_LENGTH} characters`;
export const SPEC_VALUE_LENGTH_MESSAGE = `Spec values must be at most ${MAX_SPEC_VALUE_LENGTH} characters`;
/** The HTTP layer refuses this key in any JSON body (prototype poisoning), so the form does too. */
export const SPEC_RESERVED_NAME = "__proto__";

// A number the way it is written in the Settings and list forms: no sign but minus, no leading
// zero, no exponent, no trailing zero after the point ('16', '2.5', '-3'; not '016', '2.50', '1e3').
const PLAIN_NUMBER = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/**
 * A value as stored: a plain number that reads back exactly ('16', '2.5') becomes a number,
 * anything else stays text ('16 GB', '007', '2.50', '12345678901234567890'). So a number saved
 * through the API shows as its digits and saves back as the same number.
 */
export function specValue(text: string): string | number {
  if (!PLAIN_NUMBER.test(text)) return text;
  const number = Number(text);
  return String(number) === text ? number : text;
}

export type SpecsParseResult =
  | { ok: true; specs: HardwareSpecs | null }
  | { ok: false; message: string };

const lineProblem = (line: number, message: string): SpecsParseResult => ({
  ok: false,
  message: `Line ${line}: ${message}`,
});

/**
 * The dialog's text → specs. One `Name: value` per line, split at the first colon (so values
 * may hold colons: 'URL: http://host:8080'); names and values are trimmed; blank lines are
 * skipped; no text at all is null (no specs). A line without a colon, an empty name or a name
 * given twice is refused with its line number, as are the API's limits.
 */
export function parseSpecs(text: string): SpecsParseResult {
  // The API refuses U+0000 in any string of a body (PostgreSQL cannot store it): same message.
  if (containsNul(text)) return { ok: false, message: NUL_MESSAGE };
  const entries: [string, string | number][] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (raw.trim() === "") continue;
    const colon = raw.indexOf(":");
    if (colon === -1) return lineProblem(line, "write each spec as Name: value");
    const name = raw.slice(0, colon).trim();
    const value = raw.slice(colon + 1).trim();
    if (name === "") return lineProblem(line, "the spec has no name");
    if (name.length > MAX_SPEC_NAME_LENGTH) return lineProblem(line, SPEC_NAME_LENGTH_MESSAGE);
    if (value.length > MAX_SPEC_VALUE_LENGTH) return lineProblem(line, SPEC_VALUE_LENGTH_MESSAGE);
    if (name === SPEC_RESERVED_NAME) return lineProblem(line, `'${name}' cannot be a spec name`);
    if (seen.has(name)) return lineProblem(line, `'${name}' is given twice`);
    seen.add(name);
    entries.push([name, specValue(value)]);
  }
  if (entries.length > MAX_SPECS) return { ok: false, message: SPECS_COUNT_MESSAGE };
  // fromEntries defines own properties, so no name can reach the object's prototype.
  return { ok: true, specs: entries.length === 0 ? null : Object.fromEntries(entries) };
}

/**
 * Specs → the dialog's text, one `Name: value` per line in the object's order (PostgreSQL's
 * jsonb keeps keys shortest first, so that is the order an item reads back in). Line breaks in
 * a value written through the API become spaces: the text has one spec per line.
 */
export function formatSpecs(specs: HardwareSpecs | null | undefined): string {
  if (!specs) return "";
  return Object.entries(specs)
    .map(([name, value]) => `${name}: ${String(value).replace(/\s*[\r\n]+\s*/g, " ")}`)
    .join("\n");
}

/** The entries in display order, values as text ('RAM', '16 GB'), for rows and details. */
export const specEntries = (specs: HardwareSpecs | null | undefined): [string, string][] =>
  Object.entries(specs ?? {}).map(([name, value]) => [name, String(value)]);
