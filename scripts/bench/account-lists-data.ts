// The account lists' data of the benchmarks (issue 30), in proportion to the licenses seeded
// first by seedBenchLicenses: per license one office account, one account assignment, one G Suite
// account and one trust review (20 organizations and 10 plans whatever the size). The activity
// log is seeded by the activity section (activity-section.ts), 20 records per license.
import type { Db } from "../../src/server/db/client";
import type { Secrets } from "../../src/server/lib/secrets";
import { seedBenchOfficeAccounts } from "./accounts-data";
import { seedBenchDirectories } from "./directories-data";
import { seedBenchGsuite } from "./gsuite-data";

export interface AccountListsCounts {
  licenses: number;
}

export const accountListsCounts = ({ licenses }: AccountListsCounts) => ({
  accounts: licenses,
  accountAssignments: licenses,
  gsuiteAccounts: licenses,
  organizations: 20,
  plans: 10,
  trustReviews: licenses,
});

export async function seedBenchAccountLists(db: Db, secrets: Secrets, counts: AccountListsCounts) {
  const n = accountListsCounts(counts);
  await seedBenchOfficeAccounts(db, secrets, {
    accounts: n.accounts,
    assignments: n.accountAssignments,
  });
  await seedBenchGsuite(db, secrets, {
    organizations: n.organizations,
    plans: n.plans,
    accounts: n.gsuiteAccounts,
  });
  await seedBenchDirectories(db, {
    listings: 0,
    reviews: n.trustReviews,
    locations: 1,
    overLicenses: counts.licenses,
  });
}
