// Demo directory listings: recurring (monthly to annual) in four currencies, one-off payments and
// cancelled listings, with payment dates around the seed day.
import { directories, directoryPayments, directoryPriceChanges } from "../db/schema";
import { ago, day, type SeedContext } from "./context";

type DirectoryRow = typeof directories.$inferInsert;

interface DirectorySeed {
  name: string;
  url: string;
  location: string;
  months: 1 | 3 | 6 | 12;
  amount: number;
  currency: NonNullable<DirectoryRow["paymentCurrency"]>;
  isOneTime?: boolean;
  isCancelled?: boolean;
  /** Days from the seed day. */
  lastPayment: number | null;
  nextPayment: number | null;
  notes?: string;
}

export const DEMO_DIRECTORIES: DirectorySeed[] = [
  {
    name: "Yelp for Business",
    url: "https://business.yelp.com",
    location: "United States",
    months: 1,
    amount: 299,
    currency: "USD",
    lastPayment: -10,
    nextPayment: 20,
    notes: "Enhanced profile for the US landing page.",
  },
  {
    name: "Yellow Pages Australia",
    url: "https://www.yellowpages.com.au",
    location: "Australia",
    months: 12,
    amount: 1188,
    currency: "AUD",
    lastPayment: -270,
    nextPayment: 95,
  },
  {
    name: "True Local",
    url: "https://www.truelocal.com.au",
    location: "Australia",
    months: 3,
    amount: 149,
    currency: "AUD",
    lastPayment: -83,
    nextPayment: 7,
  },
  {
    name: "Clutch",
    url: "https://clutch.co",
    location: "United States",
    months: 6,
    amount: 450,
    currency: "USD",
    lastPayment: -132,
    nextPayment: 50,
    notes: "Sponsored placement in the SEO agencies category.",
  },
  {
    name: "Yell",
    url: "https://www.yell.com",
    location: "United Kingdom",
    months: 12,
    amount: 360,
    currency: "GBP",
    lastPayment: -165,
    nextPayment: 200,
  },
  {
    name: "Trustpilot Business",
    url: "https://business.trustpilot.com",
    location: "United Kingdom",
    months: 1,
    amount: 199,
    currency: "GBP",
    lastPayment: -27,
    nextPayment: 3,
  },
  {
    name: "Gelbe Seiten",
    url: "https://www.gelbeseiten.de",
    location: "Germany",
    months: 6,
    amount: 210,
    currency: "EUR",
    lastPayment: -52,
    nextPayment: 130,
  },
  {
    name: "Hotfrog",
    url: "https://www.hotfrog.com.au",
    location: "Australia",
    months: 12,
    amount: 49,
    currency: "AUD",
    isOneTime: true,
    // Paid: a one-time listing has no next payment once paid.
    lastPayment: -200,
    nextPayment: null,
    notes: "Lifetime premium listing.",
  },
  {
    name: "StartLocal",
    url: "https://www.startlocal.com.au",
    location: "Australia",
    months: 12,
    amount: 99,
    currency: "AUD",
    isOneTime: true,
    lastPayment: null,
    nextPayment: 12,
  },
  {
    name: "Cylex",
    url: "https://www.cylex.de",
    location: "Germany",
    months: 12,
    amount: 120,
    currency: "EUR",
    isCancelled: true,
    lastPayment: -400,
    nextPayment: -35,
    notes: "Cancelled: no measurable referrals.",
  },
  {
    name: "Foursquare for Business",
    url: "https://foursquare.com",
    location: "United States",
    months: 3,
    amount: 75,
    currency: "USD",
    isCancelled: true,
    lastPayment: -150,
    nextPayment: -60,
  },
];

export async function seedDirectories(context: SeedContext) {
  const rows = await context.tx
    .insert(directories)
    .values(
      DEMO_DIRECTORIES.map((directory) => ({
        name: directory.name,
        url: directory.url,
        location: directory.location,
        paymentFrequencyMonths: directory.months,
        paymentAmount: directory.amount,
        paymentCurrency: directory.currency,
        isOneTime: directory.isOneTime ?? false,
        isCancelled: directory.isCancelled ?? false,
        lastPaymentDate:
          directory.lastPayment === null ? null : day(context, directory.lastPayment),
        nextPaymentDate:
          directory.nextPayment === null ? null : day(context, directory.nextPayment),
        notes: directory.notes ?? null,
        createdAt: ago(context, 450),
      })),
    )
    .returning({ id: directories.id, name: directories.name });
  // Each listing's last payment is in its history; Yelp's price went up once.
  const idOf = new Map(rows.map((row) => [row.name, row.id]));
  await context.tx.insert(directoryPayments).values(
    DEMO_DIRECTORIES.filter((directory) => directory.lastPayment !== null).map((directory) => ({
      directoryId: idOf.get(directory.name)!,
      paidOn: day(context, directory.lastPayment!),
      amount: directory.amount,
      currency: directory.currency,
    })),
  );
  await context.tx.insert(directoryPriceChanges).values({
    directoryId: idOf.get("Yelp for Business")!,
    previousAmount: 249,
    previousCurrency: "USD",
    newAmount: 299,
    newCurrency: "USD",
    changedAt: ago(context, 120),
  });
}
