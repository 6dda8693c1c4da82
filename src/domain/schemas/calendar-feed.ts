// The private calendar feed (issue 16, decision 0025): the signed-in person's own feed address.
import { z } from "zod";
import { OBLIGATION_KINDS } from "../obligations";

/** The feed reaches 30 days back (what was just missed) and a year ahead. */
export const FEED_PAST_DAYS = 30;
export const FEED_FUTURE_DAYS = 365;
/**
 * A day's obligations of one kind are events of their own up to this many, one event above it
 * ("12 licenses expire", naming them all; decision 0043).
 */
export const FEED_GROUP_ABOVE = 3;
/**
 * A grouped event whose link shows exactly that day's obligations names this many of them, then
 * "…and 40 more" (decision 0053); a group without such a link names every one.
 */
export const FEED_GROUP_NAMES = 10;

export const calendarFeedStatusResponseSchema = z.object({
  /** A feed exists; its address was shown once, when it was made. */
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatusResponse = z.infer<typeof calendarFeedStatusResponseSchema>;

export const calendarFeedCreatedResponseSchema = z.object({ url: z.string() });
export type CalendarFeedCreatedResponse = z.infer<typeof calendarFeedCreatedResponseSchema>;

/** `<token>.ics`: calendar clients like a file name. Not a token at all: 400, as any bad id. */
export const calendarFeedFileParamsSchema = z
  .object({
    file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, "Not a calendar feed address"),
  })
  .strict();

export const FEED_KINDS_MESSAGE = `kinds must be obligation kinds separated by commas: ${OBLIGATION_KINDS.join(", ")}`;

/**
 * The feed address may choose kinds: `?kinds=license_expiry,license_renewal` (or the parameter
 * repeated) holds only those; without it, every kind. Unknown or empty: 400.
 */
export const calendarFeedQuerySchema = z
  .object({
    kinds: z
      .preprocess(
        (value) => {
          const text = Array.isArray(value) ? value.join(",") : value;
          return typeof text === "string" ? text.split(",").map((part) => part.trim()) : text;
        },
        z
          .array(z.enum(OBLIGATION_KINDS, { error: FEED_KINDS_MESSAGE }), {
            error: FEED_KINDS_MESSAGE,
          })
          .min(1, FEED_KINDS_MESSAGE)
          .transform((kinds) => [...new Set(kinds)])
          .optional(),
      )
      .describe(
        `Only these obligation kinds, separated by commas (every kind when absent): ${OBLIGATION_KINDS.join(", ")}`,
      ),
  })
  .strict();
export type CalendarFeedQuery = z.output<typeof calendarFeedQuerySchema>;
