// With TEST_DATABASE_URL set, migrate a template database once; each test file clones it.
import pg from "pg";
import { openDatabase } from "../../src/server/db/client";
import { databaseUrl, usingPostgres } from "./test-database";

export default async function setup() {
  if (!usingPostgres()) return;
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
