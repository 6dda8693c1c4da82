// Two application instances on one PostgreSQL, as behind a load balancer: an import into a list
// on one instance makes the other answer 409 for the same list (the area's lease in job_leases,
// not the process's memory), while an import into another list, or the same list once
// the first is done, runs. Runs with TEST_DATABASE_URL only (PGlite lives in one process).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { holdImportWrites } from "../../../tests/support/imports";
import type { TestApp } from "../../../tests/support/test-app";
import { usingPostgres } from "../../../tests/support/test-database";
import { twoInstancesOnOnePostgres } from "../../../tests/support/two-instances";

describe.skipIf(!usingPostgres())("imports on two instances sharing one PostgreSQL", () => {
  const instances = twoInstancesOnOnePostgres();
  let cookieA: string;
  let cookieB: string;

  const importInto = (instance: TestApp, cookie: string, area: string, file: string) =>
    instance.request({
      method: "POST",
      url: `/api/imports/${area}`,
      cookie,
      headers: { "content-type": "text/csv" },
      payload: file,
    });
  const hardwareFile = (prefix: string) =>
    `Name,Type,Serial Number/Identifier\r\n${prefix} 1,monitor,${prefix}-1\r\n${prefix} 2,monitor,${prefix}-2\r\n`;

  beforeAll(async () => {
    const { a, b } = instances;
    const admin = await a.signedInUser({ role: "admin" });
    cookieA = admin.cookie;
    cookieB = await b.login(admin.user.username);
  });
  afterEach(() => vi.restoreAllMocks());

  it("answers 409 on B while A imports into the same list; another list goes ahead", async () => {
    const { started, release } = holdImportWrites("hardware");

    const { a, b } = instances;
    const first = importInto(a, cookieA, "hardware", hardwareFile("INST-A"));
    await started;
    const second = await importInto(b, cookieB, "hardware", hardwareFile("INST-B"));
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("IMPORT_IN_PROGRESS");
    // B knows an import runs (from the lease), though only A counts its rows.
    const progress = await b.request({
      method: "GET",
      url: "/api/imports/hardware/progress",
      cookie: cookieB,
    });
    expect(progress.json()).toEqual({ running: true, phase: null, processed: 0, total: 0 });
    const otherList = await importInto(b, cookieB, "users", "Username\r\ninstance.user\r\n");
    expect(otherList.statusCode, otherList.body).toBe(200);

    release();
    expect((await first).json()).toMatchObject({ area: "hardware", imported: 2, skipped: 0 });
    const after = await importInto(b, cookieB, "hardware", hardwareFile("INST-B"));
    expect(after.json()).toMatchObject({ area: "hardware", imported: 2, skipped: 0 });
  });
});
