// A migrated database made once per run, which each test file starts from. With TEST_DATABASE_URL
// set, a template database each file clones; else a PGlite dump each file loads: an empty PGlite
// cluster costs its initdb (2-4 s on this machine) and the migrations, a dump about half of that.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "../../src/server/db/client";
import { databaseUrl, PGLITE_DUMP_ENV, usingPostgres } from "./test-database";

async function dumpMigratedPglite() {
  const database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  const file = path.join(os.tmpdir(), `qm-test-pglite-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_DUMP_ENV] = file;
  return () => fs.rmSync(file, { force: true });
}

export default async function setup() {
  // Each vitest project runs its global setup (vitest.config.ts has two); the first one's
  // database serves them all.
  if (process.env[PGLITE_DUMP_ENV] || process.env.QM_TEST_TEMPLATE_DB) return;
  if (!usingPostgres()) return dumpMigratedPglite();
  const TEMPLATE_DB = `qm_test_template_${process.pid}`;
  process.env.QM_TEST_TEMPLATE_DB = TEMPLATE_DB;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  const template = await openDatabase({
    kind: "postgres",
    url: databaseUrl(process.env.TEST_DATABASE_URL!, TEMPLATE_DB),
  });
  await template.migrate();
  await template.close();
  return async () => {
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.end();
  };
}
