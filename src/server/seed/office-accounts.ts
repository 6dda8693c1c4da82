// Demo office accounts (shared mailboxes and app subscriptions) with their passwords encrypted,
// the devices and people using them (one of them jane), and a few logged password reveals.
import { accountAssignments, accounts, secretRevealLogs } from "../db/schema";
import { ago, day, indexBy, type SeedContext } from "./context";

type AccountRow = typeof accounts.$inferInsert;

interface AccountSeed {
  email: string;
  password: string;
  provider: AccountRow["provider"];
  status?: NonNullable<AccountRow["status"]>;
  paymentMethod?: string;
  paymentDetails?: string;
  /** Days from the seed day. */
  renewal: number | null;
  amount: number | null;
  currency: NonNullable<AccountRow["paymentCurrency"]>;
  notes?: string;
  /** [username, device name, active] */
  users: [string, string, boolean][];
}

export const DEMO_ACCOUNTS: AccountSeed[] = [
  {
    email: "marketing@example.com",
    password: "Harbour-Lantern-42",
    provider: "microsoft365",
    paymentMethod: "Credit card",
    paymentDetails: "Visa ending 4821",
    renewal: 15,
    amount: 22.5,
    currency: "AUD",
    notes: "Microsoft 365 Business Standard; shared by the marketing team.",
    users: [
      ["jane", "NW-LT-001", true],
      ["daniel", "iPhone 15", true],
      ["hannah", "Hannah's home PC", false],
    ],
  },
  {
    email: "design@example.com",
    password: "Pixel!Orchard77",
    provider: "adobe",
    paymentMethod: "Credit card",
    paymentDetails: "Visa ending 4821",
    renewal: 18,
    amount: 134.99,
    currency: "AUD",
    notes: "Owner account for the Creative Cloud team licence.",
    users: [
      ["emma", "NW-LT-004", true],
      ["olivia", "NW-LT-005", true],
    ],
  },
  {
    email: "sales@example.com",
    password: "Copper#Kettle19",
    provider: "microsoft365",
    paymentMethod: "Invoice",
    paymentDetails: "Billed annually to Finance",
    renewal: 120,
    amount: 270,
    currency: "USD",
    users: [
      ["mia", "Sales desk PC", true],
      ["lucas", "NW-DT-003", true],
      ["tom", "Sales desk PC", false],
    ],
  },
  {
    email: "support@example.com",
    password: "Quiet-Meadow-808",
    provider: "microsoft365",
    paymentMethod: "Credit card",
    paymentDetails: "Mastercard ending 1194",
    renewal: 64,
    amount: 12.5,
    currency: "EUR",
    users: [
      ["samuel", "Samsung Galaxy S23", true],
      ["isla", "Support laptop", true],
    ],
  },
  {
    email: "finance@example.com",
    password: "Ledger&Lime2023",
    provider: "microsoft365",
    status: "inactive",
    paymentMethod: "Invoice",
    renewal: -30,
    amount: 18,
    currency: "GBP",
    notes: "Paused while Finance moves to the new ERP.",
    users: [["grace", "NW-DT-001", false]],
  },
  {
    email: "seo-tools@example.com",
    password: "Crawl-Budget-2025",
    provider: "google",
    paymentMethod: "Credit card",
    paymentDetails: "Visa ending 4821",
    renewal: 200,
    amount: null,
    currency: "USD",
    notes: "Login for Search Console and Analytics properties.",
    users: [
      ["ava", "SEO workstation", true],
      ["ethan", "SEO workstation", true],
    ],
  },
  {
    email: "reception@example.com",
    password: "Front-Desk-1111",
    provider: "microsoft365",
    status: "expired",
    paymentMethod: "Credit card",
    paymentDetails: "Visa ending 0077 (cancelled card)",
    renewal: -60,
    amount: 9.9,
    currency: "AUD",
    notes: "Expired when the old card was cancelled; reception now uses Teams.",
    users: [],
  },
  {
    email: "workspace-admin@example.net",
    password: "Two-Domains-Admin9",
    provider: "gsuite",
    paymentMethod: "Direct debit",
    renewal: 27,
    amount: 32.4,
    currency: "AUD",
    users: [["priya", "NW-LT-009", true]],
  },
  {
    email: "accounts@example.com",
    password: "Xero-Balance-556",
    provider: "other",
    paymentMethod: "Direct debit",
    paymentDetails: "Xero Standard plan",
    renewal: 8,
    amount: 65,
    currency: "AUD",
    users: [["ben", "NW-DT-004", true]],
  },
];

export async function seedOfficeAccounts(context: SeedContext) {
  const { tx, secrets } = context;
  const inserted = await tx
    .insert(accounts)
    .values(
      DEMO_ACCOUNTS.map((account) => ({
        email: account.email,
        passwordCiphertext: secrets.seal(account.password).ciphertext,
        provider: account.provider,
        status: account.status ?? "active",
        paymentMethod: account.paymentMethod ?? null,
        paymentDetails: account.paymentDetails ?? null,
        renewalDate: account.renewal === null ? null : day(context, account.renewal),
        paymentAmount: account.amount,
        paymentCurrency: account.currency,
        notes: account.notes ?? null,
        createdAt: ago(context, 500),
      })),
    )
    .returning({ id: accounts.id, email: accounts.email });
  const byEmail = indexBy(inserted, (row) => row.email, "office account");
  const accountId = (email: string) => byEmail(email).id;

  await tx.insert(accountAssignments).values(
    DEMO_ACCOUNTS.flatMap((account) =>
      account.users.map(([username, deviceName, isActive], index) => {
        const person = context.person(username);
        return {
          accountId: accountId(account.email),
          deviceName,
          userId: person.id,
          assignedTo: person.fullName,
          isActive,
          notes: isActive ? null : "No longer uses this account",
          assignedDate: day(context, -300 + index * 20),
          createdAt: ago(context, 300 - index * 20),
        };
      }),
    ),
  );

  await tx.insert(secretRevealLogs).values([
    {
      entityType: "account" as const,
      entityId: accountId("marketing@example.com"),
      userId: context.person("admin").id,
      viewedAt: ago(context, 3, 4),
      ipAddress: "10.20.0.10",
      userAgent: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
    },
    {
      entityType: "account" as const,
      entityId: accountId("sales@example.com"),
      userId: context.person("priya").id,
      viewedAt: ago(context, 11, 2),
      ipAddress: "10.20.0.11",
      userAgent:
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    },
  ]);
}
