// Demo Google Workspace: two organisations (the company domain and its studio brand), plans in
// AUD, USD and INR, and accounts that are assigned to staff or waiting for someone (unassigned).
import { gsuiteAccounts, gsuiteOrganizations, gsuitePlans, secretRevealLogs } from "../db/schema";
import { ago, indexBy, type SeedContext } from "./context";
import { DEMO_EMAIL_DOMAIN } from "./people";

export const DEMO_GSUITE_DOMAINS = [DEMO_EMAIL_DOMAIN, "example.net"] as const;

type PlanRow = typeof gsuitePlans.$inferInsert;
type AccountRow = typeof gsuiteAccounts.$inferInsert;

const PLANS: (PlanRow & { name: string })[] = [
  {
    name: "Business Starter",
    description: "30 GB per user, custom email, Meet for 100 participants.",
    basePrice: 10.8,
    currency: "AUD",
    billingCycle: "monthly",
    features: ["Custom email", "30 GB storage per user", "100-participant meetings"],
  },
  {
    name: "Business Standard",
    description: "2 TB per user, meeting recordings.",
    basePrice: 21.6,
    currency: "AUD",
    billingCycle: "monthly",
    features: ["Custom email", "2 TB storage per user", "150-participant meetings", "Recording"],
  },
  {
    name: "Business Plus",
    description: "5 TB per user, Vault and advanced endpoint management.",
    basePrice: 32.4,
    currency: "AUD",
    billingCycle: "monthly",
    features: ["5 TB storage per user", "500-participant meetings", "Vault", "Advanced endpoints"],
  },
  {
    name: "Business Standard (annual)",
    description: "Annual commitment, billed in USD.",
    basePrice: 144,
    currency: "USD",
    billingCycle: "annually",
    features: ["2 TB storage per user", "Recording", "Annual commitment"],
  },
  {
    name: "Business Starter (India)",
    description: "For the offshore content team.",
    basePrice: 136.8,
    currency: "INR",
    billingCycle: "monthly",
    features: ["Custom email", "30 GB storage per user"],
  },
];

interface AccountSeed {
  email: string;
  password: string | null;
  domain: (typeof DEMO_GSUITE_DOMAINS)[number];
  plan: string;
  assignee: string | null;
  status?: NonNullable<AccountRow["status"]>;
  notes?: string;
}

export const DEMO_GSUITE_ACCOUNTS: AccountSeed[] = [
  {
    email: "admin@example.com",
    password: "Ws-Admin-Alpine-51",
    domain: "example.com",
    plan: "Business Plus",
    assignee: "admin",
  },
  {
    email: "priya@example.com",
    password: "Ws-Priya-Coral-88",
    domain: "example.com",
    plan: "Business Plus",
    assignee: "priya",
  },
  {
    email: "jane@example.com",
    password: "Ws-Jane-Maple-23",
    domain: "example.com",
    plan: "Business Standard",
    assignee: "jane",
  },
  {
    email: "daniel@example.com",
    password: "Ws-Daniel-Reef-40",
    domain: "example.com",
    plan: "Business Standard",
    assignee: "daniel",
  },
  {
    email: "marcus@example.com",
    password: "Ws-Marcus-Delta-17",
    domain: "example.com",
    plan: "Business Starter",
    assignee: "marcus",
  },
  {
    email: "grace@example.com",
    password: "Ws-Grace-Summit-62",
    domain: "example.com",
    plan: "Business Standard (annual)",
    assignee: "grace",
  },
  {
    email: "mia@example.com",
    password: "Ws-Mia-Harbor-09",
    domain: "example.com",
    plan: "Business Starter",
    assignee: "mia",
  },
  {
    email: "tom@example.com",
    password: "Ws-Tom-Granite-34",
    domain: "example.com",
    plan: "Business Starter",
    assignee: "tom",
    status: "suspended",
    notes: "Suspended when Tom left; mail forwarded to sales@.",
  },
  {
    email: "emma@example.net",
    password: "Ws-Emma-Canvas-75",
    domain: "example.net",
    plan: "Business Standard",
    assignee: "emma",
  },
  {
    email: "olivia@example.net",
    password: null,
    domain: "example.net",
    plan: "Business Starter",
    assignee: "olivia",
    notes: "Signs in with a passkey; no password stored.",
  },
  {
    email: "content@example.net",
    password: "Ws-Content-Ink-12",
    domain: "example.net",
    plan: "Business Starter (India)",
    assignee: null,
    notes: "Shared by the offshore writers.",
  },
  {
    email: "careers@example.com",
    password: "Ws-Careers-Bloom-27",
    domain: "example.com",
    plan: "Business Starter",
    assignee: null,
  },
  {
    email: "hello@example.net",
    password: "Ws-Hello-Studio-66",
    domain: "example.net",
    plan: "Business Starter",
    assignee: null,
    status: "inactive",
    notes: "Old studio inbox, kept for archive access.",
  },
];

export async function seedGsuite(context: SeedContext) {
  const { tx, secrets } = context;
  const organizations = await tx
    .insert(gsuiteOrganizations)
    .values([
      {
        name: "Northwind Digital",
        domain: DEMO_GSUITE_DOMAINS[0],
        description: "Primary company domain.",
        createdAt: ago(context, 900),
      },
      {
        name: "Northwind Studio",
        domain: DEMO_GSUITE_DOMAINS[1],
        description: "Design studio brand.",
        createdAt: ago(context, 600),
      },
    ])
    .returning({ id: gsuiteOrganizations.id, domain: gsuiteOrganizations.domain });
  const plans = await tx
    .insert(gsuitePlans)
    .values(PLANS.map((plan) => ({ ...plan, createdAt: ago(context, 900) })))
    .returning();

  const planByName = indexBy(plans, (row) => row.name, "G Suite plan");
  const organizationByDomain = indexBy(organizations, (row) => row.domain, "G Suite organization");
  const accounts = await tx
    .insert(gsuiteAccounts)
    .values(
      DEMO_GSUITE_ACCOUNTS.map((account) => {
        const plan = planByName(account.plan);
        const organization = organizationByDomain(account.domain);
        return {
          email: account.email,
          passwordCiphertext:
            account.password === null ? null : secrets.seal(account.password).ciphertext,
          organization: organization.domain,
          organizationId: organization.id,
          planType: plan.name,
          planId: plan.id,
          price: plan.basePrice,
          paymentCurrency: plan.currency,
          paymentFrequency: plan.billingCycle,
          assignedToUserId: account.assignee ? context.person(account.assignee).id : null,
          notes: account.notes ?? null,
          status: account.status ?? "active",
          createdAt: ago(context, 400),
        };
      }),
    )
    .returning({ id: gsuiteAccounts.id, email: gsuiteAccounts.email });

  await tx.insert(secretRevealLogs).values({
    entityType: "gsuite_account",
    entityId: indexBy(accounts, (row) => row.email, "G Suite account")("careers@example.com").id,
    userId: context.person("admin").id,
    viewedAt: ago(context, 6, 1),
    ipAddress: "10.20.0.10",
    userAgent: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  });
}
