// Trust reviews (client license assignments) from a file: the Add Client Assignment form's rules,
// its license named by name (a file has 'Design Suite', not an id). The service's rule for a new
// row (cancellation of an inactive one, who decided an approval: here the importing administrator,
// as the form records whoever saves it) is the service's own function.
//
// Nothing in the form or the database makes an assignment unique, but the same client on the
// same license from the same day twice is one assignment written twice (a file imported again, a
// row copied): that is the duplicate, refused in the file and against the data.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type CreateTrustReviewRequest,
  createTrustReviewRequestSchema,
} from "../../../domain/schemas/trust-reviews";
import { bulkInsert } from "../../db/bulk-insert";
import type { Executor } from "../../db/client";
import { idIn } from "../../db/id-list";
import { licenses, trustReviews, users } from "../../db/schema";
import { newTrustReviewValues } from "../../trust-reviews/service";
import { LICENSE_WORDS, licensesNamed } from "../licenses-named";
import { nameKey, theOneNamed } from "../references";
import { chunked, defineImportArea, type Resolved } from "./area";

const LICENSE_NAME_MESSAGE = "Write the license's name, as the Licenses page shows it";

/** The form's schema with the license by name instead of the form's select. */
const trustReviewImportSchema = createTrustReviewRequestSchema.omit({ licenseId: true }).extend({
  license: z
    .string({ error: LICENSE_NAME_MESSAGE })
    .trim()
    .min(1, LICENSE_NAME_MESSAGE)
    .max(200, "Must be at most 200 characters"),
});
type TrustReviewRow = z.output<typeof trustReviewImportSchema>;

const SEPARATOR = "\u001f";
const keyOf = (license: string, client: string, assignedDate: string) =>
  [nameKey(license), nameKey(client), assignedDate].join(SEPARATOR);

/**
 * Licenses locked against deletion (key share) until the commit's transaction ends, so what the
 * check found is still there when the rows are written; in a preview the lock ends at once.
 */
async function keepLicenses(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(idIn(licenses.id, ids))
    .for("key share");
}

async function resolveTrustReviews(
  db: Executor,
  rows: TrustReviewRow[],
): Promise<Resolved<CreateTrustReviewRequest>[]> {
  const named = await licensesNamed(
    db,
    rows.map((row) => row.license),
  );
  await keepLicenses(db, [...new Set([...named.values()].flat().map((license) => license.id))]);
  return rows.map(({ license, ...row }) => {
    const one = theOneNamed(named.get(nameKey(license)) ?? [], license, LICENSE_WORDS);
    return "problem" in one
      ? { problems: [one.problem] }
      : { row: { ...row, licenseId: one.found.id } };
  });
}

export const trustReviewImport = defineImportArea<TrustReviewRow, CreateTrustReviewRequest>({
  area: "trust-reviews",
  activityArea: "trust_reviews",
  table: "trust_reviews",
  schema: trustReviewImportSchema,
  duplicate: {
    label: "license, client and assigned date",
    keyOf: (row) => keyOf(row.license, row.clientName, row.assignedDate as string),
    existing: async (db, keys) => {
      const found = new Set<string>();
      const key = sql<string>`lower(${licenses.name}) || ${SEPARATOR} || lower(${trustReviews.clientName}) || ${SEPARATOR} || ${trustReviews.assignedDate}::text`;
      for (const batch of chunked(keys, 5000)) {
        const rows = await db
          .select({ key })
          .from(trustReviews)
          .innerJoin(licenses, sql`${licenses.id} = ${trustReviews.licenseId}`)
          .where(sql`${key} = any(${sql.param(batch)}::text[])`);
        for (const row of rows) found.add(row.key);
      }
      return found;
    },
    existsMessage: "This client already has an assignment of this license from this assigned date.",
  },
  resolve: resolveTrustReviews,
  insert: async (tx, rows, _secrets, context) => {
    const userId = context?.actor.userId ?? null;
    const [importer] =
      userId === null
        ? []
        : await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
    return bulkInsert(
      tx,
      trustReviews,
      rows.map((row) => newTrustReviewValues(row, importer?.username ?? null)),
    );
  },
});
