// The encryption key check: a fixed text sealed with the key the data was set up with, stored at
// the first start (encryption_key_check). A start whose key does not open it is refused before
// anything is written: without the check, a wrong ENCRYPTION_KEY was accepted silently, its
// reveals failed, and every secret saved meanwhile was sealed under it, unreadable once the right
// key was back.
import { asc, eq, isNotNull, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows-of";
import {
  accounts,
  encryptionKeyCheck,
  gsuiteAccounts,
  licenses,
  renewals,
  userTwoFactor,
} from "../../db/schema";
import type { Secrets } from "./index";
import { type ConfiguredKey, EncryptionKeyMismatchError } from "./key";

const CHECK_ID = 1;
const CHECK_TEXT = "Quartermaster encryption key check v1";

/**
 * Every column of sealed secrets, with the row's creation time. An install from before the check
 * is judged by its oldest secrets: a key that opens one of them is the key the data was set up
 * with (key-check.test.ts keeps this list whole).
 */
export const SEALED_COLUMNS: { table: PgTable; sealed: PgColumn; createdAt: PgColumn }[] = [
  { table: licenses, sealed: licenses.licenseKeyCiphertext, createdAt: licenses.createdAt },
  { table: renewals, sealed: renewals.newLicenseKeyCiphertext, createdAt: renewals.renewedAt },
  { table: accounts, sealed: accounts.passwordCiphertext, createdAt: accounts.createdAt },
  {
    table: gsuiteAccounts,
    sealed: gsuiteAccounts.passwordCiphertext,
    createdAt: gsuiteAccounts.createdAt,
  },
  {
    table: userTwoFactor,
    sealed: userTwoFactor.secretCiphertext,
    createdAt: userTwoFactor.createdAt,
  },
];
/** The oldest secrets of each column tried on an install from before the check. */
const SAMPLE_PER_COLUMN = 10;

const mismatch = (key: ConfiguredKey) =>
  new EncryptionKeyMismatchError(
    `${key.source} does not open the data in this database (it was set up with another key). ` +
      "Start with the key it was set up with; see docs/backup-and-restore.md.",
  );

function opens(secrets: Secrets, sealed: string) {
  try {
    return secrets.open(sealed) === CHECK_TEXT;
  } catch {
    return false;
  }
}

/**
 * Before the migrations: a stored check must open with this key, so a refused start changes
 * nothing, not even the schema. Without a stored check (a new database, or one from before the
 * check) there is nothing to compare yet: ensureKeyCheck decides after the migrations.
 */
export async function verifyStoredKeyCheck(db: Db, secrets: Secrets, key: ConfiguredKey) {
  // Looked up on the search path, where the migrations create their tables.
  const result = await db.execute(
    sql`select to_regclass('encryption_key_check') is not null as present`,
  );
  if (!rowsOf<{ present: boolean }>(result)[0]?.present) return;
  const stored = await readCheck(db);
  if (stored !== null && !opens(secrets, stored)) throw mismatch(key);
}

/**
 * After the migrations: the stored check opens with this key, or, with none stored yet, the data
 * says whether the key is its own (no sealed secret at all, or one that opens) and the check is
 * stored. Two instances starting at once on a new database store one check: the second reads the
 * first's and is refused if its key differs.
 */
export async function ensureKeyCheck(
  db: Db,
  secrets: Secrets,
  key: ConfiguredKey,
): Promise<"verified" | "stored"> {
  const stored = await readCheck(db);
  if (stored !== null) {
    if (!opens(secrets, stored)) throw mismatch(key);
    return "verified";
  }
  if (!(await opensExistingSecrets(db, secrets))) throw mismatch(key);
  await db
    .insert(encryptionKeyCheck)
    .values({ id: CHECK_ID, sealed: secrets.seal(CHECK_TEXT).ciphertext })
    .onConflictDoNothing();
  const kept = await readCheck(db);
  if (kept === null || !opens(secrets, kept)) throw mismatch(key);
  return "stored";
}

async function readCheck(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ sealed: encryptionKeyCheck.sealed })
    .from(encryptionKeyCheck)
    .where(eq(encryptionKeyCheck.id, CHECK_ID));
  return row?.sealed ?? null;
}

/** True when the database holds no sealed secret, or this key opens one of its oldest. */
async function opensExistingSecrets(db: Db, secrets: Secrets) {
  let found = false;
  for (const { table, sealed, createdAt } of SEALED_COLUMNS) {
    const rows = await db
      .select({ sealed })
      .from(table)
      .where(isNotNull(sealed))
      .orderBy(asc(createdAt))
      .limit(SAMPLE_PER_COLUMN);
    for (const row of rows) {
      found = true;
      try {
        secrets.open(row.sealed as string);
        return true;
      } catch {
        // Sealed under another key: try the next one.
      }
    }
  }
  return !found;
}
