// This installation's own id, made on first use and kept in the database: it outlives a change of
// PUBLIC_URL or host, a restart and a restore from backup, and installations set up apart never
// share one. Instances sharing a database may race to make it; the row's key lets one insert win,
// and all read that one.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "./client";
import { installation } from "./schema";

export async function readInstallationId(db: Executor): Promise<string> {
  const read = async () =>
    (
      await db
        .select({ installationId: installation.installationId })
        .from(installation)
        .where(eq(installation.id, 1))
    )[0]?.installationId;
  const kept = await read();
  if (kept) return kept;
  await db
    .insert(installation)
    .values({ id: 1, installationId: randomUUID() })
    .onConflictDoNothing({ target: installation.id });
  return (await read())!;
}
