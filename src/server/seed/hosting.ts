// Demo DigitalOcean droplets and their invoice costs for the current month (month to date) and
// the three months before it, shaped like the invoice items the hosting fetch stores.
import { daysBetween } from "../../domain/dates";
import { dropletCosts, droplets } from "../db/schema";
import { ago, month, type SeedContext } from "./context";

interface DropletSeed {
  dropletId: string;
  name: string;
  size: string;
  project: string;
  monthlyUsd: number;
  isTemporary?: boolean;
  firstSeenDaysAgo: number;
  /** Months (0 = current, 3 = three months ago) in which it ran, all month when not listed. */
  partialMonths?: Partial<Record<0 | 1 | 2 | 3, number>>;
  /** Months in which it did not exist. */
  absentMonths?: (0 | 1 | 2 | 3)[];
  lastSeenDaysAgo?: number;
}

export const DEMO_DROPLETS: DropletSeed[] = [
  {
    dropletId: "387514201",
    name: "web-prod-01",
    size: "s-2vcpu-4gb",
    project: "Website",
    monthlyUsd: 24,
    firstSeenDaysAgo: 700,
  },
  {
    dropletId: "387514202",
    name: "web-prod-02",
    size: "s-2vcpu-4gb",
    project: "Website",
    monthlyUsd: 24,
    firstSeenDaysAgo: 700,
  },
  {
    dropletId: "387514377",
    name: "db-prod-01",
    size: "s-4vcpu-8gb",
    project: "Website",
    monthlyUsd: 57.6,
    firstSeenDaysAgo: 700,
  },
  {
    dropletId: "401233918",
    name: "client-portal",
    size: "s-1vcpu-2gb",
    project: "Client Portal",
    monthlyUsd: 12,
    firstSeenDaysAgo: 420,
  },
  {
    dropletId: "412098765",
    name: "staging-01",
    size: "s-1vcpu-1gb",
    project: "Internal",
    monthlyUsd: 6,
    firstSeenDaysAgo: 300,
  },
  // Added two months ago, so the month before has a partial charge and the one before none.
  {
    dropletId: "423456789",
    name: "monitoring",
    size: "s-1vcpu-2gb",
    project: "Internal",
    monthlyUsd: 12,
    firstSeenDaysAgo: 75,
    partialMonths: { 2: 0.4 },
    absentMonths: [3],
  },
  // A short-lived preview for a client pitch.
  {
    dropletId: "437812345",
    name: "preview-harbour-dental",
    size: "s-1vcpu-1gb",
    project: "Client Previews",
    monthlyUsd: 6,
    isTemporary: true,
    firstSeenDaysAgo: 50,
    lastSeenDaysAgo: 38,
    partialMonths: { 1: 0.4 },
    absentMonths: [0, 2, 3],
  },
];

const round2 = (value: number) => Math.round(value * 100) / 100;

export async function seedHosting(context: SeedContext) {
  const { tx } = context;
  await tx.insert(droplets).values(
    DEMO_DROPLETS.map((droplet) => ({
      dropletId: droplet.dropletId,
      name: droplet.name,
      project: droplet.project,
      isTemporary: droplet.isTemporary ?? false,
      firstSeen: ago(context, droplet.firstSeenDaysAgo),
      lastSeen: ago(context, droplet.lastSeenDaysAgo ?? 0),
    })),
  );

  // The current month is billed to date: the share of the month that has passed.
  const firstOfMonth = `${context.today.slice(0, 8)}01`;
  const daysInMonth = daysBetween(firstOfMonth, `${month(context, 1).slice(0, 8)}01`);
  const daysPassed = daysBetween(firstOfMonth, context.today) + 1;

  const rows = ([0, 1, 2, 3] as const).flatMap((monthsAgo) => {
    const invoiceMonth = month(context, -monthsAgo).slice(0, 7);
    return DEMO_DROPLETS.filter((droplet) => !droplet.absentMonths?.includes(monthsAgo)).map(
      (droplet) => {
        const share =
          droplet.partialMonths?.[monthsAgo] ?? (monthsAgo === 0 ? daysPassed / daysInMonth : 1);
        const amount = round2(droplet.monthlyUsd * share);
        // DigitalOcean caps a droplet's monthly charge at 672 hours.
        const hours = Math.min(672, Math.round(share * 730));
        return {
          invoiceMonth,
          dropletId: droplet.dropletId,
          amountUsd: amount,
          rawData: {
            product: "Droplets",
            resource_id: droplet.dropletId,
            description: `${droplet.name} (${droplet.size})`,
            amount: amount.toFixed(2),
            duration: String(hours),
            duration_unit: "Hours",
            project_name: droplet.project,
            category: "iaas",
          },
        };
      },
    );
  });
  await tx.insert(dropletCosts).values(rows);
}
