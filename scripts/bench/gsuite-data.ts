// G Suite data of the benchmarks: organizations, plans and accounts with sealed passwords, about
// two thirds assigned to the bench users (seeded first by seedBenchLicenses).
import { BILLING_CYCLES, GSUITE_ACCOUNT_STATUSES, GSUITE_CURRENCIES } from "../../src/domain/enums";
import type { Db } from "../../src/server/db/client";
import {
  gsuiteAccounts,
  gsuiteOrganizations,
  gsuitePlans,
  users,
} from "../../src/server/db/schema";
import type { Secrets } from "../../src/server/lib/secrets";

export async function seedBenchGsuite(
  db: Db,
  secrets: Secrets,
  counts: { organizations: number; plans: number; accounts: number },
) {
  const people = await db.select({ id: users.id }).from(users);
  const organizations = await db
    .insert(gsuiteOrganizations)
    .values(
      Array.from({ length: counts.organizations }, (_, i) => ({
        name: `Bench Org ${i}`,
        domain: `bench-org${i}.test`,
        description: i === 0 ? "Default" : null,
      })),
    )
    .returning();
  const plans = await db
    .insert(gsuitePlans)
    .values(
      Array.from({ length: counts.plans }, (_, i) => ({
        name: `Bench Plan ${i}`,
        basePrice: 5 + i * 3.25,
        currency: GSUITE_CURRENCIES[i % GSUITE_CURRENCIES.length]!,
        billingCycle: BILLING_CYCLES[i % 2]!,
        features: ["Mail", "Drive"],
      })),
    )
    .returning();
  // One sealed password reused: sealing is not what is measured, and each ciphertext still
  // differs (random IV) as 20,000 separate seals would.
  const sealed = () => secrets.seal("Bench-Workspace-Pass").ciphertext;
  for (let offset = 0; offset < counts.accounts; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, counts.accounts - offset) }, (_, j) => {
      const i = offset + j;
      const organization = organizations[i % organizations.length]!;
      const plan = plans[(i * 7) % plans.length]!;
      return {
        email: `ws${i}@${organization.domain}`,
        passwordCiphertext: i % 10 === 0 ? null : sealed(),
        organization: organization.domain,
        organizationId: organization.id,
        // Every 25th account has a hand-typed plan type that names no plan.
        planType: i % 25 === 0 ? "Legacy" : plan.name,
        planId: i % 25 === 0 ? null : plan.id,
        price: (i % 40) + 0.5,
        paymentCurrency: GSUITE_CURRENCIES[i % 3]!,
        paymentFrequency: BILLING_CYCLES[i % 2]!,
        assignedToUserId: i % 3 === 0 ? null : people[i % people.length]!.id,
        status: GSUITE_ACCOUNT_STATUSES[i % 11 === 0 ? 2 : i % 7 === 0 ? 1 : 0]!,
      };
    });
    await db.insert(gsuiteAccounts).values(batch);
  }
}
