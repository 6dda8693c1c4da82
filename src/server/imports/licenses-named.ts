// Licenses a file names by name (seats, client license assignments): 'Design Suite', as the
// Licenses page shows it, ignoring case. Names are not unique, so a name two licenses share is
// refused in words (references.ts) rather than guessed.
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { licenses } from "../db/schema";
import { nameKey, type ReferenceWords, recordsNamed } from "./references";

export const LICENSE_WORDS: ReferenceWords = {
  header: "License",
  one: "license",
  many: "licenses",
  whenUnknown: "Write the name of one on the Licenses page, or add the license there first.",
  whenAmbiguous:
    "Rename them on the Licenses page so that each name is different, then import again.",
};

/** The licenses each name matches (licenses_name_lower_idx), unlocked: the caller locks its ids. */
export const licensesNamed = (db: Executor, names: readonly string[]) =>
  recordsNamed(names, async (keys) => {
    const rows = await db
      .select({ id: licenses.id, name: licenses.name })
      .from(licenses)
      .where(sql`lower(${licenses.name}) = any(${sql.param(keys)}::text[])`);
    return rows.map((row) => ({ key: nameKey(row.name), id: row.id }));
  });
