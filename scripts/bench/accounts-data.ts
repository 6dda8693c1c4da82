// The office accounts of the benchmarks: accounts with sealed passwords and active assignments
// spread over the bench users (seeded first by seedBenchLicenses).

import { ACCOUNT_PROVIDERS, ACCOUNT_STATUSES, CURRENCIES } from "../../src/domain/enums";
import type { Db } from "../../src/server/db/client";
import { accountAssignments, accounts, users } from "../../src/server/db/schema";
import type { Secrets } from "../../src/server/lib/secrets";

const isoDaysFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function seedBenchOfficeAccounts(
  db: Db,
  secrets: Secrets,
  counts: { accounts: number; assignments: number },
) {
  const people = await db.select({ id: users.id, fullName: users.fullName }).from(users);
  const accountIds: number[] = [];
  for (let offset = 0; offset < counts.accounts; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, counts.accounts - offset) }, (_, j) => {
      const i = offset + j;
      return {
        email: `office${i}@bench.example.com`,
        passwordCiphertext: secrets.seal(`Bench-Pass-${i}`).ciphertext,
        provider: ACCOUNT_PROVIDERS[i % ACCOUNT_PROVIDERS.length]!,
        status: ACCOUNT_STATUSES[i % 7 === 0 ? 2 : i % 5 === 0 ? 1 : 0]!,
        paymentMethod: i % 2 ? "Credit card" : "Invoice",
        paymentDetails: `Card ending ${1000 + (i % 9000)}`,
        renewalDate: i % 11 === 0 ? null : isoDaysFromNow((i % 400) - 60),
        paymentAmount: (i % 300) + 4.5,
        paymentCurrency: CURRENCIES[i % CURRENCIES.length]!,
      };
    });
    const rows = await db.insert(accounts).values(batch).returning({ id: accounts.id });
    accountIds.push(...rows.map((row) => row.id));
  }
  for (let offset = 0; offset < counts.assignments; offset += 2000) {
    const batch = Array.from({ length: Math.min(2000, counts.assignments - offset) }, (_, j) => {
      const i = offset + j;
      const person = people[(i * 7) % people.length]!;
      return {
        accountId: accountIds[i % accountIds.length]!,
        userId: person.id,
        assignedTo: person.fullName,
        deviceName: `BENCH-PC-${i % 2500}`,
        assignedDate: isoDaysFromNow(-(i % 500)),
        isActive: i % 10 !== 0,
      };
    });
    await db.insert(accountAssignments).values(batch);
  }
}
