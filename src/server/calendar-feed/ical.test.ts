// The feed's iCalendar text against what ical-generator wrote for the same obligations before
// the feed was written with ical.js (decision 0025): both parsed by ical.js into jCal, each
// component's properties in name order, so folding and property order may differ but no name,
// parameter or value may. The obligations mix what needs escaping, folding and multi-byte text.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { Obligation } from "../../domain/obligations";
import { obligationsCalendar } from "./ical";

const obligation = (fields: Partial<Obligation> & Pick<Obligation, "key" | "title" | "date">) =>
  ({
    kind: "license_expiry",
    area: "licenses",
    itemId: 1,
    amount: null,
    currency: null,
    personUserId: null,
    personUserIds: [],
    path: "/licenses",
    ...fields,
  }) satisfies Obligation;

const OBLIGATIONS: Obligation[] = [
  obligation({
    key: "license_expiry:1:2026-12-01",
    title: "License expires: Figma, Pro; team\\edition",
    date: "2026-12-01",
    amount: "1234.50",
    currency: "EUR",
    path: "/licenses?search=Figma%2C+Pro%3B+team%5Cedition",
  }),
  obligation({
    key: "license_renewal:2:2026-12-31",
    kind: "license_renewal",
    itemId: 2,
    // Long enough to be folded, with characters of two, three and four bytes across the folds.
    title: `License renewal due: ${"Überlänge – 東京 𝄞 ".repeat(6)}`,
    date: "2026-12-31",
    amount: "0.99",
    currency: "USD",
    path: "/licenses?search=%C3%9Cberl%C3%A4nge",
  }),
  obligation({
    key: "gsuite_renewal:Business%20Starter:AUD:2027-01-01",
    kind: "gsuite_renewal",
    area: "gsuite",
    itemId: null,
    title: "G Suite renewal: Business Starter",
    date: "2027-01-01",
    amount: "16.80",
    currency: "AUD",
    path: "/gsuite-accounts",
  }),
  obligation({
    key: "hardware_warranty:7:2027-02-28",
    kind: "hardware_warranty",
    area: "hardware",
    itemId: 7,
    title: "Warranty ends: Line\nbreak",
    date: "2027-02-28",
    path: "/hardware?search=Line%0Abreak",
  }),
  obligation({
    key: "hosting_month_end:2027-02-28",
    kind: "hosting_month_end",
    area: "hosting",
    itemId: null,
    title: "Hosting month ends: 2027-02",
    date: "2027-02-28",
    path: "/hosting",
  }),
];

type JCal = [string, unknown[][], JCal[]];

/** A component's properties sorted by name, its subcomponents kept in order. */
function canonical([name, properties, components]: JCal): JCal {
  const sorted = [...properties].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return [name, sorted, components.map(canonical)];
}

describe("the feed's iCalendar text", () => {
  const written = obligationsCalendar(OBLIGATIONS, {
    baseUrl: "https://qm.example.com",
    installationId: "0b5c9a3e-6f1d-4c2a-9e8b-7d4f2a1c3e5b",
    stamp: new Date("2026-11-24T10:11:12Z"),
  });

  it("holds what ical-generator wrote for the same obligations", async () => {
    const text = await written;
    const parsed = canonical(ICAL.parse(text) as JCal);
    await expect(`${JSON.stringify(parsed, null, 2)}\n`).toMatchFileSnapshot(
      "./__snapshots__/feed-as-ical-generator-wrote-it.snap",
    );
  });

  it("folds lines at 75 octets and ends every line with CRLF", async () => {
    const text = await written;
    const lines = text.replace(/\r\n$/, "").split("\r\n");
    for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
  });
});
