// Demo software licenses: a spread of types, currencies and payment frequencies, and expiry dates
// relative to the seed day so every status shows up (expired, expiring soon, active,
// auto-renewing, no expiry), with seats held by staff, earlier holders, renewals and key views.

import { licenseAssignments, licenses, licenseViewLogs, renewals } from "../db/schema";
import { storedLicenseKey } from "../licenses/license-key";
import { ago, day, indexBy, type SeedContext } from "./context";

type LicenseRow = typeof licenses.$inferInsert;

interface LicenseSeed {
  name: string;
  product: string;
  licenseType: NonNullable<LicenseRow["licenseType"]>;
  /** The clear key: stored only encrypted, plus its masked form. */
  key: string;
  totalSeats: number;
  /** Alert when available seats fall to this or below (issue 34). */
  lowSeatThreshold?: number;
  /** Days from the seed day; null for no date. */
  purchase: number | null;
  expiry: number | null;
  amount: number;
  currency: NonNullable<LicenseRow["paymentCurrency"]>;
  frequency: NonNullable<LicenseRow["paymentFrequency"]>;
  renewalStatus: NonNullable<LicenseRow["renewalStatus"]>;
  status?: string;
  username?: string;
  orderId?: string;
  notes?: string;
  /** Usernames holding a seat now. */
  holders: string[];
  /** Usernames who held a seat earlier (inactive assignments). */
  former?: string[];
  createdDaysAgo: number;
}

export const DEMO_LICENSES: LicenseSeed[] = [
  {
    name: "Screaming Frog SEO Spider",
    product: "SEO Spider",
    licenseType: "multi-user",
    key: "7A3F9C21E4-1734567890-B6D2E8F014",
    totalSeats: 5,
    lowSeatThreshold: 1,
    purchase: -353,
    expiry: 12,
    amount: 199,
    currency: "GBP",
    frequency: "annually",
    renewalStatus: "manual",
    username: "seo@example.com",
    orderId: "SF-2024-118734",
    notes: "Renewal quote requested from the reseller.",
    holders: ["jane", "ava", "ethan", "james"],
    former: ["tom"],
    createdDaysAgo: 720,
  },
  {
    name: "SEO Spider (client seats)",
    product: "SEO Spider",
    licenseType: "enterprise",
    key: "C41D0B77A9-1734561122-F03E5A9D27",
    totalSeats: 10,
    purchase: -205,
    expiry: 160,
    amount: 1990,
    currency: "GBP",
    frequency: "annually",
    renewalStatus: "manual",
    username: "clients@example.com",
    orderId: "SF-2024-120551",
    notes: "Seats lent to agency clients; see Trust Reviews.",
    holders: [],
    createdDaysAgo: 205,
  },
  {
    name: "Adobe Creative Cloud All Apps",
    product: "Creative Cloud",
    licenseType: "team",
    key: "ACC-TEAM-8F2K-Q7LM-3XPD",
    totalSeats: 4,
    purchase: -540,
    expiry: 18,
    amount: 134.99,
    currency: "AUD",
    frequency: "monthly",
    renewalStatus: "auto",
    username: "design@example.com",
    orderId: "ADB-7781-2231",
    holders: ["emma", "olivia", "fatima"],
    former: ["hannah"],
    createdDaysAgo: 540,
  },
  {
    name: "JetBrains All Products Pack",
    product: "All Products Pack",
    licenseType: "multi-user",
    key: "JB-APP-6N4W-R2TY-9HKC-1QZS",
    totalSeats: 6,
    purchase: -225,
    expiry: 140,
    amount: 779,
    currency: "USD",
    frequency: "annually",
    renewalStatus: "manual",
    orderId: "JB-R-0045519",
    holders: ["marcus", "sofia", "liam", "noah", "kenji"],
    createdDaysAgo: 600,
  },
  {
    name: "Figma Professional",
    product: "Figma",
    licenseType: "team",
    key: "FIG-PRO-2B8V-7MJD-KX41",
    totalSeats: 5,
    purchase: -385,
    expiry: -20,
    amount: 540,
    currency: "USD",
    frequency: "annually",
    renewalStatus: "manual",
    status: "Expired",
    notes: "Design team is deciding between Figma and Penpot before renewing.",
    holders: ["emma", "olivia"],
    createdDaysAgo: 385,
  },
  {
    name: "Ahrefs Standard",
    product: "Ahrefs",
    licenseType: "single-user",
    key: "AHR-STD-5QXN-81PD-GH7E",
    totalSeats: 1,
    purchase: -410,
    expiry: 9,
    amount: 199,
    currency: "USD",
    frequency: "monthly",
    renewalStatus: "auto",
    username: "seo@example.com",
    holders: ["ava"],
    createdDaysAgo: 410,
  },
  {
    name: "Semrush Guru",
    product: "Semrush",
    licenseType: "multi-user",
    key: "SEM-GURU-4T9A-LW26-ZC8R",
    totalSeats: 3,
    purchase: -145,
    expiry: 220,
    amount: 2999.4,
    currency: "USD",
    frequency: "annually",
    renewalStatus: "manual",
    orderId: "SEM-INV-338120",
    holders: ["jane", "hannah", "daniel"],
    createdDaysAgo: 145,
  },
  {
    name: "Sublime Text 4",
    product: "Sublime Text",
    licenseType: "multi-user",
    key: "ST4-1F6C-88A2-E9D0-33B7",
    totalSeats: 4,
    purchase: -900,
    expiry: null,
    amount: 99,
    currency: "USD",
    frequency: "one-time",
    renewalStatus: "manual",
    notes: "Perpetual licence; upgrades paid separately.",
    holders: ["liam", "kenji"],
    former: ["noah"],
    createdDaysAgo: 900,
  },
  {
    name: "Slack Pro",
    product: "Slack",
    licenseType: "enterprise",
    key: "SLK-PRO-T3H8-MN5A-0VQW",
    totalSeats: 30,
    purchase: -760,
    expiry: 25,
    amount: 262.5,
    currency: "USD",
    frequency: "monthly",
    renewalStatus: "auto",
    holders: ["admin", "jane", "priya", "marcus", "sofia", "mia", "lucas", "samuel", "isla"],
    former: ["tom"],
    createdDaysAgo: 760,
  },
  {
    name: "1Password Business",
    product: "1Password",
    licenseType: "enterprise",
    key: "OPB-7XK2-MQ9D-4LRT-WE8H",
    totalSeats: 30,
    purchase: -65,
    expiry: 300,
    amount: 2880,
    currency: "USD",
    frequency: "annually",
    renewalStatus: "auto",
    holders: ["admin", "priya", "grace", "ben", "chloe", "ryan", "zoe"],
    createdDaysAgo: 800,
  },
  {
    name: "Zoom Workplace Pro",
    product: "Zoom",
    licenseType: "multi-user",
    key: "ZM-WP-93KD-2XQF-71LA",
    totalSeats: 4,
    purchase: -87,
    expiry: 3,
    amount: 199.8,
    currency: "AUD",
    frequency: "quarterly",
    renewalStatus: "manual",
    notes: "Check whether Google Meet covers sales calls before renewing.",
    holders: ["mia", "lucas", "zoe"],
    createdDaysAgo: 450,
  },
  {
    name: "Jira Software Cloud",
    product: "Jira",
    licenseType: "team",
    key: "ATL-JSW-K8P2-5RDX-QH3M",
    totalSeats: 10,
    purchase: -460,
    expiry: -95,
    amount: 81.5,
    currency: "USD",
    frequency: "monthly",
    renewalStatus: "cancelled",
    status: "Cancelled",
    notes: "Replaced by GitHub Projects.",
    holders: [],
    former: ["marcus", "sofia", "liam"],
    createdDaysAgo: 460,
  },
  {
    name: "Tableau Creator",
    product: "Tableau",
    licenseType: "single-user",
    key: "TCR-0B5F-E27C-91AD-6K4P",
    totalSeats: 1,
    purchase: -305,
    expiry: 60,
    amount: 900,
    currency: "EUR",
    frequency: "annually",
    renewalStatus: "manual",
    holders: ["grace"],
    createdDaysAgo: 305,
  },
  {
    name: "LambdaTest Live",
    product: "LambdaTest",
    licenseType: "team",
    key: "LT-LIVE-H62Q-9DZM-RX05",
    totalSeats: 3,
    purchase: -30,
    expiry: 5,
    amount: 15,
    currency: "USD",
    frequency: "weekly",
    renewalStatus: "manual",
    notes: "Cross-browser testing for the website relaunch only.",
    holders: ["noah", "sofia"],
    createdDaysAgo: 30,
  },
  {
    name: "Windows 11 Pro upgrade",
    product: "Windows 11 Pro",
    licenseType: "enterprise",
    key: "W269N-WFGWX-YVC9B-4J6C9-T83GX",
    totalSeats: 20,
    purchase: -400,
    expiry: null,
    amount: 199,
    currency: "AUD",
    frequency: "one-time",
    renewalStatus: "manual",
    orderId: "MS-VL-55201873",
    holders: ["grace", "ben", "chloe", "ryan"],
    createdDaysAgo: 400,
  },
  {
    name: "Grammarly Business",
    product: "Grammarly",
    licenseType: "team",
    key: "GRM-BIZ-3QW7-YP5K-8ND2",
    totalSeats: 5,
    purchase: -320,
    expiry: 45,
    amount: 150,
    currency: "GBP",
    frequency: "annually",
    renewalStatus: "manual",
    holders: ["jane", "daniel"],
    former: ["hannah"],
    createdDaysAgo: 12,
  },
];

interface RenewalSeed {
  license: string;
  /** Days from the seed day. */
  previousExpiry: number | null;
  newExpiry: number;
  amount: number;
  newKey?: string;
  notes?: string;
  renewedBy: string;
  renewedDaysAgo: number;
}

const DEMO_RENEWALS: RenewalSeed[] = [
  {
    license: "Screaming Frog SEO Spider",
    previousExpiry: -353,
    newExpiry: 12,
    amount: 199,
    newKey: "7A3F9C21E4-1734567890-B6D2E8F014",
    notes: "New key issued with the renewal.",
    renewedBy: "admin",
    renewedDaysAgo: 355,
  },
  {
    license: "1Password Business",
    previousExpiry: -65,
    newExpiry: 300,
    amount: 2880,
    renewedBy: "priya",
    renewedDaysAgo: 66,
  },
  {
    license: "JetBrains All Products Pack",
    previousExpiry: -225,
    newExpiry: 140,
    amount: 779,
    notes: "Loyalty discount applied.",
    renewedBy: "admin",
    renewedDaysAgo: 226,
  },
  {
    license: "Adobe Creative Cloud All Apps",
    previousExpiry: -43,
    newExpiry: -12,
    amount: 134.99,
    renewedBy: "admin",
    renewedDaysAgo: 43,
  },
  {
    license: "Adobe Creative Cloud All Apps",
    previousExpiry: -12,
    newExpiry: 18,
    amount: 134.99,
    renewedBy: "admin",
    renewedDaysAgo: 12,
  },
  {
    license: "Tableau Creator",
    previousExpiry: null,
    newExpiry: 60,
    amount: 900,
    notes: "Moved from monthly to annual billing.",
    renewedBy: "priya",
    renewedDaysAgo: 305,
  },
];

export const BROWSERS = {
  chrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  firefox: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  safari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80",
} as const;

interface ViewSeed {
  license: string;
  viewer: string;
  daysAgo: number;
  hours: number;
  ip: string;
  browser: keyof typeof BROWSERS;
  location: string | null;
}

const DEMO_VIEWS: ViewSeed[] = [
  {
    license: "Screaming Frog SEO Spider",
    viewer: "jane",
    daysAgo: 1,
    hours: 3,
    ip: "10.20.1.45",
    browser: "safari",
    location: "Sydney office",
  },
  {
    license: "Screaming Frog SEO Spider",
    viewer: "jane",
    daysAgo: 9,
    hours: 6,
    ip: "203.0.113.24",
    browser: "safari",
    location: null,
  },
  {
    license: "Screaming Frog SEO Spider",
    viewer: "ava",
    daysAgo: 4,
    hours: 1,
    ip: "10.20.1.61",
    browser: "chrome",
    location: "Sydney office",
  },
  {
    license: "Screaming Frog SEO Spider",
    viewer: "admin",
    daysAgo: 20,
    hours: 2,
    ip: "10.20.0.10",
    browser: "firefox",
    location: "Sydney office",
  },
  {
    license: "Semrush Guru",
    viewer: "jane",
    daysAgo: 2,
    hours: 5,
    ip: "10.20.1.45",
    browser: "safari",
    location: "Sydney office",
  },
  {
    license: "Semrush Guru",
    viewer: "daniel",
    daysAgo: 6,
    hours: 4,
    ip: "10.30.2.17",
    browser: "edge",
    location: "Melbourne office",
  },
  {
    license: "Adobe Creative Cloud All Apps",
    viewer: "emma",
    daysAgo: 3,
    hours: 7,
    ip: "10.30.2.22",
    browser: "chrome",
    location: "Melbourne office",
  },
  {
    license: "Adobe Creative Cloud All Apps",
    viewer: "admin",
    daysAgo: 12,
    hours: 0,
    ip: "10.20.0.10",
    browser: "firefox",
    location: "Sydney office",
  },
  {
    license: "JetBrains All Products Pack",
    viewer: "marcus",
    daysAgo: 5,
    hours: 2,
    ip: "198.51.100.7",
    browser: "firefox",
    location: null,
  },
  {
    license: "JetBrains All Products Pack",
    viewer: "priya",
    daysAgo: 30,
    hours: 3,
    ip: "10.20.0.11",
    browser: "chrome",
    location: "Sydney office",
  },
  {
    license: "Windows 11 Pro upgrade",
    viewer: "priya",
    daysAgo: 15,
    hours: 1,
    ip: "10.20.0.11",
    browser: "edge",
    location: "Sydney office",
  },
  {
    license: "Tableau Creator",
    viewer: "grace",
    daysAgo: 8,
    hours: 9,
    ip: "10.20.1.80",
    browser: "chrome",
    location: "Sydney office",
  },
  {
    license: "1Password Business",
    viewer: "admin",
    daysAgo: 66,
    hours: 0,
    ip: "10.20.0.10",
    browser: "firefox",
    location: "Sydney office",
  },
];

export async function seedLicenses(context: SeedContext) {
  const { tx, secrets } = context;
  const inserted = await tx
    .insert(licenses)
    .values(
      DEMO_LICENSES.map((license) => ({
        name: license.name,
        licenseType: license.licenseType,
        ...storedLicenseKey(secrets, license.key),
        username: license.username ?? null,
        orderId: license.orderId ?? null,
        product: license.product,
        status: license.status ?? "Active",
        totalSeats: license.totalSeats,
        lowSeatThreshold: license.lowSeatThreshold ?? null,
        purchaseDate: license.purchase === null ? null : day(context, license.purchase),
        expiryDate: license.expiry === null ? null : day(context, license.expiry),
        paymentAmount: license.amount,
        paymentCurrency: license.currency,
        paymentFrequency: license.frequency,
        autoRenew: license.renewalStatus === "auto",
        renewalStatus: license.renewalStatus,
        notes: license.notes ?? null,
        createdAt: ago(context, license.createdDaysAgo),
        updatedAt: ago(context, Math.min(license.createdDaysAgo, 10)),
      })),
    )
    .returning({ id: licenses.id, name: licenses.name });
  const license = indexBy(inserted, (row) => row.name, "license");
  const idOf = (name: string) => license(name).id;

  const assignments = DEMO_LICENSES.flatMap((license) => {
    const held = Math.min(license.createdDaysAgo, 400);
    const current = license.holders.map((username, index) => {
      const person = context.person(username);
      return {
        licenseId: idOf(license.name),
        userId: person.id,
        assignedTo: person.fullName,
        assignedDate: day(context, -held + index * 3),
        isActive: true,
      };
    });
    const earlier = (license.former ?? []).map((username, index) => {
      const person = context.person(username);
      return {
        licenseId: idOf(license.name),
        userId: person.id,
        assignedTo: person.fullName,
        assignedDate: day(context, -held),
        notes: "Seat returned",
        isActive: false,
        deactivatedAt: ago(context, Math.floor(held / 2) - index),
      };
    });
    return [...current, ...earlier];
  });
  await tx.insert(licenseAssignments).values(assignments);

  await tx.insert(renewals).values(
    DEMO_RENEWALS.map((renewal) => ({
      licenseId: idOf(renewal.license),
      previousExpiryDate:
        renewal.previousExpiry === null ? null : day(context, renewal.previousExpiry),
      newExpiryDate: day(context, renewal.newExpiry),
      renewalAmount: renewal.amount,
      newLicenseKeyCiphertext: renewal.newKey
        ? context.secrets.seal(renewal.newKey).ciphertext
        : null,
      notes: renewal.notes ?? null,
      renewedByUserId: context.person(renewal.renewedBy).id,
      renewedAt: ago(context, renewal.renewedDaysAgo),
    })),
  );

  await tx.insert(licenseViewLogs).values(
    DEMO_VIEWS.map((view) => ({
      licenseId: idOf(view.license),
      userId: context.person(view.viewer).id,
      viewedAt: ago(context, view.daysAgo, view.hours),
      ipAddress: view.ip,
      userAgent: BROWSERS[view.browser],
      location: view.location,
    })),
  );

  return { licenseId: idOf };
}
