// Cell values as spreadsheets write them, read into the forms' own formats: dates into
// 'YYYY-MM-DD', amounts into a plain decimal string ('1234.50'), flags into booleans. Pure and
// shared by the preview and the commit; unit-tested at their edges (values.test.ts). An amount is
// rewritten as text and never passes through a float here, so '1.234.567,89' stays exact.

/** How a file writes its dates: ISO is always read; slashes need the order of day and month. */
export const DATE_FORMATS = ["mdy", "dmy"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  mdy: "Month/day/year (1/23/2026)",
  dmy: "Day/month/year (23/1/2026)",
};

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
// Dots (and dashes with a year last) are written day first wherever they are used.
const DOTTED = /^(\d{1,2})[.-](\d{1,2})[.-](\d{2}|\d{4})\.?$/;

/**
 * A two-digit year as Excel reads one: 00-29 are 2000-2029, 30-99 are 1930-1999 (Excel's
 * default window), so Snipe-IT's '1/23/23' is 2023 and a '12/27/81' purchase is 1981.
 */
export const fullYear = (year: string) => {
  if (year.length === 4) return Number(year);
  const short = Number(year);
  return short < 30 ? 2000 + short : 1900 + short;
};

const pad = (value: number) => String(value).padStart(2, "0");

function isoOf(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || year < 1000) return undefined;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

export type DateResult = { date: string } | { problem: string };

/** A date cell in any of the accepted forms → 'YYYY-MM-DD', or what is wrong with it. */
export function parseDateCell(cell: string, format: DateFormat): DateResult {
  const text = cell.trim();
  const iso = ISO.exec(text);
  const slashed = SLASHED.exec(text);
  const dotted = DOTTED.exec(text);
  let date: string | undefined;
  if (iso) date = isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  else if (slashed) {
    const [first, second] = [Number(slashed[1]), Number(slashed[2])];
    const year = fullYear(slashed[3]!);
    date = format === "mdy" ? isoOf(year, first, second) : isoOf(year, second, first);
  } else if (dotted) date = isoOf(fullYear(dotted[3]!), Number(dotted[2]), Number(dotted[1]));
  else {
    return {
      problem: `'${text}' is not a date: write it as 2026-01-15, 1/15/2026, 15/1/2026 or 15.01.2026`,
    };
  }
  if (!date) return { problem: `'${text}' is not a real calendar date` };
  return { date };
}

/**
 * How the slashed dates of a file order day and month: a first part above 12 says day first, a
 * second part above 12 says month first; a file whose every slashed date fits both is ambiguous
 * (the person is asked), and a file with neither slashes nor conflict needs no choice.
 */
export function detectDateFormat(cells: Iterable<string>): {
  format: DateFormat | null;
  ambiguous: boolean;
} {
  let dayFirst = false;
  let monthFirst = false;
  let slashed = false;
  for (const cell of cells) {
    const match = SLASHED.exec(cell.trim());
    if (!match) continue;
    slashed = true;
    if (Number(match[1]) > 12) dayFirst = true;
    if (Number(match[2]) > 12) monthFirst = true;
  }
  if (!slashed) return { format: null, ambiguous: false };
  // Both seen: the file mixes orders; month first is kept and the other rows show their problem.
  if (monthFirst) return { format: "mdy", ambiguous: false };
  if (dayFirst) return { format: "dmy", ambiguous: false };
  return { format: null, ambiguous: true };
}

// Symbols and codes a spreadsheet puts around an amount; spaces of every width group thousands.
const CURRENCY =
  /^(?:[A-Z]{3}|[A-Z]?\$|€|£|¥|₹|kr|Fr\.?|CHF|zł)\s*|\s*(?:[A-Z]{3}|[A-Z]?\$|€|£|¥|₹|kr|Fr\.?|CHF|zł)$/giu;
const GROUPING = /[\s\u00a0\u202f'’]/g;

/** Where a column of amounts puts its decimals: ',' when any cell ends in ',d' or ',dd'. */
export type DecimalMark = "." | ",";

export function detectDecimalMark(cells: Iterable<string>): DecimalMark {
  for (const cell of cells) {
    const text = cell.replace(CURRENCY, "").replace(GROUPING, "");
    if (/,\d{1,2}$/.test(text) || /^\d{1,3}(?:\.\d{3})+,\d+$/.test(text)) return ",";
  }
  return ".";
}

export type AmountResult = { amount: string } | { problem: string };

/**
 * An amount cell → '1234.5' (the form's way of writing it), keeping every digit: '$1,234.50',
 * '1.234,50 €', '259,00', 'EUR 1 234,5', '(12.00)' is refused (a negative in accounting style is
 * never a price). `mark` is the column's decimal mark (detectDecimalMark).
 */
export function parseAmountCell(cell: string, mark: DecimalMark): AmountResult {
  const original = cell.trim();
  let text = original.replace(CURRENCY, "").replace(GROUPING, "");
  const negative = text.startsWith("-");
  if (negative) text = text.slice(1).replace(CURRENCY, "");
  const group = mark === "," ? "." : ",";
  const groupedOk = new RegExp(`^\\d{1,3}(?:\\${group}\\d{3})+(?:\\${mark}\\d*)?$`);
  if (text.includes(group)) {
    if (!groupedOk.test(text)) {
      return {
        problem: `'${original}' is not an amount: write it as 1234.50 or 1,234.50 (or 1.234,50 with a decimal comma)`,
      };
    }
    text = text.split(group).join("");
  }
  if (!/^\d+(?:[.,]\d*)?$/.test(text) || (mark === "." && text.includes(","))) {
    return {
      problem: `'${original}' is not an amount: write it as 1234.50 or 1,234.50 (or 1.234,50 with a decimal comma)`,
    };
  }
  let [whole = "", fraction = ""] = text.split(mark);
  whole = whole.replace(/^0+(?=\d)/, "");
  fraction = fraction.replace(/0+$/, "");
  const amount = fraction === "" ? whole : `${whole}.${fraction}`;
  return { amount: negative ? `-${amount}` : amount };
}

const TRUE_WORDS = new Set(["true", "yes", "y", "1", "x", "on", "active", "activated"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0", "off", "inactive", "deactivated"]);

/** true/false, yes/no, 1/0 (any case) → a boolean; anything else → undefined. */
export function parseFlagCell(cell: string): boolean | undefined {
  const word = cell.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}
