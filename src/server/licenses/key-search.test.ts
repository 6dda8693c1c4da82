// The license list's key-fragment search through the blind index: the same answers as opening
// every visible key and comparing (the way it used to work, kept here as the reference), while
// opening no key at all for fragments of up to 3 characters and only candidates beyond that.
import { randomBytes } from "node:crypto";
import { eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { LicenseResponse } from "../../domain/schemas/licenses";
import { licenses } from "../db/schema";
import { createSecrets } from "../lib/secrets";
import { indexUnindexedLicenseKeys } from "./license-key";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let holder: { user: { id: number }; cookie: string };
const KEYS = [
  "ABCD-EFGH-IJKL-0001",
  "abcd-zzzz-yyyy-0002",
  "QQXYZ-87-SPIDER",
  "ABCAB",
  "X",
  "Straße-Ünïcode-9",
  "MIXED-case-Key-42",
];
const FRAGMENTS = [
  "a",
  "Z",
  "-",
  "ab",
  "0002",
  "abcd",
  "ABCD-E",
  "bcd-z",
  "abcabc",
  "cab",
  "qqxyz-87",
  "spider",
  "x",
  "ße-ü",
  "KEY-4",
  "nothing-like-it",
];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  holder = await t.signedInUser();
  for (const [index, key] of KEYS.entries()) {
    // Names that no fragment above matches, so every hit below is a key hit.
    const license = await createLicenseViaApi(t, admin.cookie, {
      name: `Product ${index + 1}`,
      licenseKey: key,
    });
    if (index % 2 === 0) await assignViaApi(t, admin.cookie, license.id, holder.user.id);
  }
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

async function search(fragment: string, cookie: string) {
  const response = await t.request({
    method: "GET",
    url: `/api/licenses?search=${encodeURIComponent(fragment)}`,
    cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as LicenseResponse[]).map((license) => license.name).sort();
}

/** The search as it was: open every key the viewer may see and compare, ignoring case. */
async function referenceSearch(fragment: string, visibleIds: Set<number> | null) {
  const rows = await t.app.db.select().from(licenses);
  return rows
    .filter((row) => visibleIds === null || visibleIds.has(row.id))
    .filter(
      (row) =>
        row.name.toLowerCase().includes(fragment.toLowerCase()) ||
        t.app.secrets.open(row.licenseKeyCiphertext).toLowerCase().includes(fragment.toLowerCase()),
    )
    .map((row) => row.name)
    .sort();
}

async function idsVisibleTo(cookie: string) {
  const response = await t.request({ method: "GET", url: "/api/licenses", cookie });
  return new Set((response.json() as LicenseResponse[]).map((license) => license.id));
}

describe("key-fragment search", () => {
  it("answers exactly what opening every visible key answered, for administrators", async () => {
    for (const fragment of FRAGMENTS) {
      expect(await search(fragment, admin.cookie), fragment).toEqual(
        await referenceSearch(fragment, null),
      );
    }
  });

  it("answers exactly the same for an ordinary user, within the licenses they hold", async () => {
    const visible = await idsVisibleTo(holder.cookie);
    for (const fragment of FRAGMENTS) {
      expect(await search(fragment, holder.cookie), fragment).toEqual(
        await referenceSearch(fragment, visible),
      );
    }
    // A key the user does not hold is never found, however exactly it is typed.
    expect(await search("abcd-zzzz-yyyy-0002", holder.cookie)).toEqual([]);
    expect(await search("abcd-zzzz-yyyy-0002", admin.cookie)).toEqual(["Product 2"]);
  });

  it("does not over-match: every 3-character piece present is not enough", async () => {
    // 'ABCAB' holds abc, bca and cab, every piece of 'abcabc', but not 'abcabc' itself.
    expect(await search("abcabc", admin.cookie)).toEqual([]);
    expect(await search("bcab", admin.cookie)).toEqual(["Product 4"]);
  });

  it("opens no key for a name search or a fragment of up to 3 characters", async () => {
    const open = vi.spyOn(t.app.secrets, "open");
    await search("Product", admin.cookie);
    await search("bcd", admin.cookie);
    await search("q", admin.cookie);
    expect(open).not.toHaveBeenCalled();
  });

  it("opens only the candidates of a longer fragment, not every key", async () => {
    const open = vi.spyOn(t.app.secrets, "open");
    expect(await search("qqxyz-87", admin.cookie)).toEqual(["Product 3"]);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("stores the index beside the ciphertext and never returns either", async () => {
    const rows = await t.app.db.select().from(licenses);
    for (const row of rows) expect(row.licenseKeySearchTokens!.length).toBeGreaterThan(0);
    const response = await t.request({ method: "GET", url: "/api/licenses", cookie: admin.cookie });
    expect(response.body).not.toContain("SearchTokens");
    expect(response.body).not.toContain(rows[0]!.licenseKeySearchTokens![0]);
  });

  it("follows a key replaced by an edit", async () => {
    const license = await createLicenseViaApi(t, admin.cookie, {
      name: "Replaced",
      licenseKey: "OLD-OLD-7777",
    });
    const patch = await t.request({
      method: "PATCH",
      url: `/api/licenses/${license.id}`,
      payload: { licenseKey: "NEW-NEW-8888" },
      cookie: admin.cookie,
    });
    expect(patch.statusCode).toBe(200);
    expect(await search("old-old", admin.cookie)).toEqual([]);
    expect(await search("new-new", admin.cookie)).toEqual(["Replaced"]);
  });

  // The search starts from its matches (lib/text-search.ts matchingIds: the name's trigram index
  // and the key's blind index in one step); its answers are the reference's, names included.
  it("answers the same when names match too, in every order and page by page", async () => {
    for (const [name, licenseKey] of [
      ["Spider Suite", "NAME-HIT-1"],
      ["ABCD Manager", "abcd-name-2"],
      ["Cabinet Pro", "QQ-3"],
    ] as const) {
      const license = await createLicenseViaApi(t, admin.cookie, { name, licenseKey });
      if (name !== "ABCD Manager") await assignViaApi(t, admin.cookie, license.id, holder.user.id);
    }
    const visible = await idsVisibleTo(holder.cookie);
    for (const fragment of [...FRAGMENTS, "spider", "name-hit", "suite", "cab", "pro", "ab"]) {
      expect(await search(fragment, admin.cookie), fragment).toEqual(
        await referenceSearch(fragment, null),
      );
      expect(await search(fragment, holder.cookie), fragment).toEqual(
        await referenceSearch(fragment, visible),
      );
    }
    for (const fragment of ["abcd", "spider", "ab"]) {
      const url = `/api/licenses?search=${fragment}&sort=name&order=desc`;
      const whole = await t.request({ method: "GET", url, cookie: admin.cookie });
      const ids = (whole.json() as LicenseResponse[]).map((license) => license.id);
      expect(ids.length, fragment).toBeGreaterThan(1);
      let paged: number[] = [];
      let query = "limit=1";
      while (paged.length < ids.length) {
        const page = await t.request({
          method: "GET",
          url: `${url}&${query}`,
          cookie: admin.cookie,
        });
        expect(page.statusCode, page.body).toBe(200);
        paged = [...paged, ...(page.json() as LicenseResponse[]).map((license) => license.id)];
        query = `limit=1&after=${page.headers["x-next-cursor"]}`;
      }
      expect(paged, fragment).toEqual(ids);
    }
  });
});

describe("indexing keys stored before the blind index", () => {
  it("indexes rows without tokens at start, and skips keys it cannot open", async () => {
    const sealed = t.app.secrets.seal("LEGACY-KEY-5150");
    const [legacy] = await t.app.db
      .insert(licenses)
      .values({
        name: "Legacy",
        licenseKeyCiphertext: sealed.ciphertext,
        licenseKeyMasked: sealed.masked,
      })
      .returning();
    const foreign = createSecrets(randomBytes(32)).seal("FOREIGN-KEY-1");
    await t.app.db.insert(licenses).values({
      name: "Foreign",
      licenseKeyCiphertext: foreign.ciphertext,
      licenseKeyMasked: foreign.masked,
    });
    expect(await search("legacy-key", admin.cookie)).toEqual([]);

    expect(await indexUnindexedLicenseKeys(t.app.db, t.app.secrets, 1)).toEqual({
      indexed: 1,
      unreadable: 1,
    });
    expect(await search("legacy-key", admin.cookie)).toEqual(["Legacy"]);
    expect(await search("5150", admin.cookie)).toEqual(["Legacy"]);
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.id, legacy!.id));
    expect(row!.licenseKeySearchTokens).toEqual(
      t.app.secrets.index("license-key").tokensOf("LEGACY-KEY-5150"),
    );
    // Run again: nothing left to index but the unreadable row, which stays unindexed.
    expect(await indexUnindexedLicenseKeys(t.app.db, t.app.secrets)).toEqual({
      indexed: 0,
      unreadable: 1,
    });
    const unindexed = await t.app.db
      .select({ name: licenses.name })
      .from(licenses)
      .where(isNull(licenses.licenseKeySearchTokens));
    expect(unindexed).toEqual([{ name: "Foreign" }]);
  });
});
