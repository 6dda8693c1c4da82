// Building blocks shared by the request schemas of every area.
import { z } from "zod";

/** A positive integer id from a route parameter or a JSON body. */
export const idSchema = z.coerce
  .number({ error: "Must be a number" })
  .int("Must be a whole number")
  .positive("Must be a positive number")
  .max(2_147_483_647, "Must be a valid id");

export const idParamsSchema = z.object({ id: idSchema });

/** Optional free text where an empty string means "no value" (stored as null). */
export const optionalText = (max = 1000) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    z.string().trim().max(max, `Must be at most ${max} characters`).nullable().optional(),
  );

/** 'YYYY-MM-DD' that is a real calendar date. */
export const isoDateSchema = z.iso.date({ error: "Must be a date in the form YYYY-MM-DD" });

export const optionalDate = z.preprocess(
  (value) => (value === "" ? null : value),
  isoDateSchema.nullable().optional(),
);
