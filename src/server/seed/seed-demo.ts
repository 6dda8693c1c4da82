// Demo data for the embedded database: a realistic organisation for every area, inserted in one
// transaction so a failure leaves the database empty (and the next start tries again).
// Runtime state (sessions, sign-in throttling, passkeys and their challenges) is not seeded; the
// activity log is, as a few weeks of history over the demo items (activity.ts).
import { count } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import type { Db, Executor } from "../db/client";
import { users } from "../db/schema";
import type { Secrets } from "../lib/secrets";
import { seedActivity } from "./activity";
import { seedBudgets } from "./budgets";
import { createSeedContext } from "./context";
import { seedDirectories } from "./directories";
import { seedGsuite } from "./gsuite";
import { seedHardware } from "./hardware";
import { seedHosting } from "./hosting";
import { seedLicenses } from "./licenses";
import { seedOffboardings } from "./offboardings";
import { seedOfficeAccounts } from "./office-accounts";
import { DEMO_PASSWORD, seedPeople } from "./people";
import { seedTrustReviews } from "./trust-reviews";

async function hasUsers(db: Executor) {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) > 0;
}

/** Seeds the demo organisation when there are no users yet; returns whether it did. */
export async function seedDemoDataIfEmpty(
  db: Db,
  secrets: Secrets,
  now: Date = new Date(),
): Promise<boolean> {
  if (await hasUsers(db)) return false;
  // One argon2id hash shared by every demo person: hashing is the slow part.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    if (await hasUsers(tx)) return false;
    const people = await seedPeople(tx, passwordHash);
    const context = createSeedContext(tx, secrets, people, now);
    const { licenseId } = await seedLicenses(context);
    await seedHardware(context);
    await seedOfficeAccounts(context);
    await seedDirectories(context);
    await seedGsuite(context);
    await seedHosting(context);
    await seedTrustReviews(context, licenseId);
    await seedOffboardings(context);
    await seedBudgets(context);
    // Last: the log refers to the rows every other seed wrote.
    await seedActivity(context);
    return true;
  });
}
