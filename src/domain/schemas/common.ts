// Building blocks shared by the request and response schemas of every area. Numbers are read strictly: a
// string is a number only when it is written the way the form or URL would write it, so that
// '0x10', '1e3', '+9', '09', '9.0', '1 ' and `true` are not ids and amounts, and so that
// 'DELETE /api/licenses/1%20' cannot mean license 1.
import { z } from "zod";

const MAX_ID = 2_147_483_647;

export const NUL_MESSAGE = "Must not contain a NUL character";

/** U+0000 cannot be stored in PostgreSQL text; no field of this app has a use for it. */
export const containsNul = (text: string) => text.includes("\u0000");

// Digits only, no sign, no leading zero, no spaces.
const WHOLE_NUMBER = /^(0|[1-9]\d*)$/;
// An optional minus (so that '-1' gets the "0 or greater" message), digits, at most 2 decimals.
const AMOUNT = /^-?(0|[1-9]\d*)(\.\d{1,2})?$/;

/** A form or query string holding a whole number → that number; anything else is left to fail. */
export const wholeNumberFromString = (value: unknown) =>
  typeof value === "string" && WHOLE_NUMBER.test(value) ? Number(value) : value;

const amountFromString = (value: unknown) =>
  typeof value === "string" && AMOUNT.test(value) ? Number(value) : value;

/** True when the number has at most 2 decimals (cents), e.g. 12.5 but not 0.001. */
export const hasAtMostTwoDecimals = (value: number) =>
  Number.isFinite(value) && Number(value.toFixed(2)) === value;

/**
 * A positive integer id from a route parameter, query or JSON body. `message` replaces the
 * default messages (e.g. "Please select a user" for a picker).
 */
export function positiveIdSchema(message?: string) {
  return z.preprocess(
    wholeNumberFromString,
    z
      .number({ error: message ?? "Must be a number" })
      .int(message ?? "Must be a whole number")
      .positive(message ?? "Must be a positive number")
      .max(MAX_ID, message ?? "Must be a valid id"),
  );
}

export const idSchema = positiveIdSchema();

export const idParamsSchema = z.object({ id: idSchema });

/**
 * A money amount: a number with at most 2 decimals, or a string written as one ('1200.5',
 * '259'). `range` adds the bounds (and nullable/optional); `message` is the field's message for a
 * value that is not an amount.
 */
export function amountSchema<T extends z.ZodType>(
  message: string,
  range: (amount: z.ZodNumber) => T,
) {
  return z.preprocess(
    amountFromString,
    range(z.number({ error: message }).refine(hasAtMostTwoDecimals, message)),
  );
}

/** Required or defaulted text: refuses U+0000 (which PostgreSQL cannot store). */
export const textSchema = (error: string) =>
  z.string({ error }).refine((text) => !containsNul(text), NUL_MESSAGE);

/** Optional free text where an empty string means "no value" (stored as null). */
export const optionalText = (max = 1000) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    textSchema("Must be text")
      .trim()
      .max(max, `Must be at most ${max} characters`)
      .nullable()
      .optional(),
  );

/** 'YYYY-MM-DD' that is a real calendar date. */
export const isoDateSchema = z.iso.date({ error: "Must be a date in the form YYYY-MM-DD" });

export const optionalDate = z.preprocess(
  (value) => (value === "" ? null : value),
  isoDateSchema.nullable().optional(),
);

/** The response of a route that answers 204 with no body. */
export const noContentResponseSchema = z.void();

/**
 * A list's "only active ones" switch: `true` narrows, `false` or blank leaves it out (the pickers
 * of people to assign something to: inactive people are refused anyway).
 */
export const activeOnlyQuerySchema = z.preprocess(
  (value) => (value === "true" ? true : value === "false" || value === "" ? undefined : value),
  z.literal(true, { error: "active must be true or false" }).optional(),
);
