// Demo trust reviews: agency clients lent seats of the client-seat license (and one of the main
// SEO Spider license), paying, not paying and partly paying, at every approval stage, some ended.
import { trustReviews } from "../db/schema";
import { ago, day, type SeedContext } from "./context";

type ReviewRow = typeof trustReviews.$inferInsert;

interface ReviewSeed {
  license: string;
  clientName: string;
  /** Days from the seed day. */
  assigned: number;
  paymentStatus: NonNullable<ReviewRow["paymentStatus"]>;
  amount?: number;
  currency?: NonNullable<ReviewRow["clientPaymentCurrency"]>;
  frequency?: NonNullable<ReviewRow["paymentFrequency"]>;
  lastPayment?: number;
  nextPayment?: number;
  isActive?: boolean;
  cancellationRequested?: number;
  cancellationReason?: string;
  approvalStatus: NonNullable<ReviewRow["approvalStatus"]>;
  approvedBy?: string;
  /** The client's web domain (searched, and shown under the client's name). */
  domain: string;
  notes?: string;
}

const CLIENT_SEATS = "SEO Spider (client seats)";

export const DEMO_TRUST_REVIEWS: ReviewSeed[] = [
  {
    license: CLIENT_SEATS,
    clientName: "Harbour Dental Group",
    assigned: -190,
    paymentStatus: "paying",
    amount: 45,
    currency: "AUD",
    frequency: "monthly",
    lastPayment: -12,
    nextPayment: 18,
    approvalStatus: "approved",
    approvedBy: "admin",
    domain: "harbourdental.com.au",
    notes: "Monthly technical SEO audits.",
  },
  {
    license: CLIENT_SEATS,
    clientName: "Blue Fern Cafe",
    assigned: -150,
    paymentStatus: "paying",
    amount: 420,
    currency: "AUD",
    frequency: "annually",
    lastPayment: -150,
    nextPayment: 215,
    approvalStatus: "approved",
    approvedBy: "priya",
    domain: "bluefern.cafe",
  },
  {
    license: CLIENT_SEATS,
    clientName: "Kestrel Legal LLP",
    assigned: -120,
    paymentStatus: "partial",
    amount: 25,
    currency: "GBP",
    frequency: "monthly",
    lastPayment: -40,
    nextPayment: -10,
    approvalStatus: "keep",
    approvedBy: "admin",
    domain: "kestrel-legal.co.uk",
    notes: "Pays half; review at contract renewal.",
  },
  {
    license: CLIENT_SEATS,
    clientName: "Summit Outdoor Supply",
    assigned: -95,
    paymentStatus: "paying",
    amount: 39,
    currency: "USD",
    frequency: "monthly",
    lastPayment: -5,
    nextPayment: 25,
    approvalStatus: "approved",
    approvedBy: "admin",
    domain: "summitoutdoor.com",
  },
  {
    license: CLIENT_SEATS,
    clientName: "Nordlicht Reisen",
    assigned: -60,
    paymentStatus: "paying",
    amount: 360,
    currency: "EUR",
    frequency: "annually",
    lastPayment: -60,
    nextPayment: 305,
    approvalStatus: "pending",
    domain: "nordlicht-reisen.de",
  },
  {
    license: CLIENT_SEATS,
    clientName: "Pinecrest Physio",
    assigned: -14,
    paymentStatus: "not_paying",
    approvalStatus: "pending",
    domain: "pinecrestphysio.com.au",
    notes: "Trial seat during onboarding.",
  },
  {
    license: CLIENT_SEATS,
    clientName: "Atlas Freight Co",
    assigned: -240,
    paymentStatus: "not_paying",
    isActive: false,
    cancellationRequested: -45,
    cancellationReason: "Client moved SEO in-house.",
    approvalStatus: "rejected",
    approvedBy: "priya",
    domain: "atlasfreight.com",
  },
  {
    license: "Screaming Frog SEO Spider",
    clientName: "Lumen Architecture",
    assigned: -30,
    paymentStatus: "partial",
    amount: 15,
    currency: "AUD",
    frequency: "monthly",
    lastPayment: -30,
    nextPayment: 0,
    approvalStatus: "pending",
    domain: "lumenarchitecture.com.au",
    notes: "Shares the in-house spare seat for now.",
  },
  {
    license: CLIENT_SEATS,
    clientName: "Copperleaf Wines",
    assigned: -330,
    paymentStatus: "paying",
    amount: 300,
    currency: "AUD",
    frequency: "annually",
    lastPayment: -330,
    nextPayment: 35,
    isActive: false,
    cancellationRequested: -20,
    cancellationReason: "Budget cut for next financial year.",
    approvalStatus: "approved",
    approvedBy: "admin",
    domain: "copperleafwines.com.au",
  },
];

const optionalDay = (context: SeedContext, days: number | undefined) =>
  days === undefined ? null : day(context, days);

export async function seedTrustReviews(context: SeedContext, licenseId: (name: string) => number) {
  await context.tx.insert(trustReviews).values(
    DEMO_TRUST_REVIEWS.map((review) => ({
      licenseId: licenseId(review.license),
      clientName: review.clientName,
      assignedDate: day(context, review.assigned),
      paymentStatus: review.paymentStatus,
      clientPaymentAmount: review.amount ?? null,
      clientPaymentCurrency: review.currency ?? "AUD",
      paymentFrequency: review.frequency ?? "monthly",
      lastPaymentDate: optionalDay(context, review.lastPayment),
      nextPaymentDate: optionalDay(context, review.nextPayment),
      isActive: review.isActive ?? true,
      cancellationRequestDate: optionalDay(context, review.cancellationRequested),
      cancellationReason: review.cancellationReason ?? null,
      approvalStatus: review.approvalStatus,
      approvedBy: review.approvedBy ?? null,
      domain: review.domain,
      notes: review.notes ?? null,
      createdAt: ago(context, -review.assigned),
      updatedAt: ago(context, Math.min(-review.assigned, 10)),
    })),
  );
}
