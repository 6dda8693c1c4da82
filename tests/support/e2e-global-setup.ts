// Once per browser-test run: the seeded data directory every spec's server starts from a copy of
// (e2e-server.ts).
import fs from "node:fs";
import { makeTemplateDataDir, TEMPLATE_DATA_DIR_ENV, TEMPLATE_DAY_ENV } from "./e2e-server";

export default async function setup() {
  const template = await makeTemplateDataDir();
  process.env[TEMPLATE_DATA_DIR_ENV] = template.dir;
  process.env[TEMPLATE_DAY_ENV] = template.seededOn;
  return () => fs.rmSync(template.dir, { recursive: true, force: true });
}
