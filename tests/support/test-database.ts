// A fresh database per test file: in-memory PGlite by default, loaded from the migrated dump that
// global-setup.ts makes; with TEST_DATABASE_URL set, a new PostgreSQL database cloned from the
// migrated template that global-setup.ts prepares.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { type Database, openDatabase } from "../../src/server/db/client";

// One template per test run (set by global-setup.ts), so parallel runs do not drop each other's.
export const templateDbName = () => process.env.QM_TEST_TEMPLATE_DB ?? "qm_test_template";

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/** Where global-setup.ts left the migrated PGlite dump (unset when run without it). */
export const PGLITE_DUMP_ENV = "QM_TEST_PGLITE_DUMP";

export function databaseUrl(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new PostgreSQL database cloned from the migrated template: its URL, and how to drop it. */
export async function cloneTemplateDatabase() {
  const name = `qm_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`create database ${name} template ${templateDbName()}`);
  return {
    url: databaseUrl(process.env.TEST_DATABASE_URL!, name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

export async function openTestDatabase(): Promise<Database> {
  if (!usingPostgres()) {
    const dump = process.env[PGLITE_DUMP_ENV];
    const database = await openDatabase({
      kind: "pglite",
      loadDataDir: dump ? await fs.openAsBlob(dump) : undefined,
    });
    // Finds nothing to apply on the dump; migrates an empty cluster when there is no dump.
    await database.migrate();
    return database;
  }
  const clone = await cloneTemplateDatabase();
  const database = await openDatabase({ kind: "postgres", url: clone.url, poolSize: 30 });
  return {
    ...database,
    async close() {
      await database.close();
      await clone.drop();
    },
  };
}
