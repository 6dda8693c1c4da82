// What the hosting import needs from a cloud provider, so that another provider than DigitalOcean
// can be added behind the same import: the invoices (closed months and the running month to
// date), the compute charges on one invoice, and the machines that exist now.
import type { BillingMonth } from "../../domain/hosting";

export interface InvoiceRef {
  /** The provider's id for the invoice (DigitalOcean: invoice_uuid). */
  id: string;
  month: BillingMonth;
  /** The running month's preview rather than a closed invoice. */
  preview?: boolean;
}

export interface InvoiceList {
  /** The running month to date (DigitalOcean: invoice_preview), when the provider has one. */
  running: InvoiceRef | null;
  /** Closed invoices, in any order. */
  closed: InvoiceRef[];
}

/** One machine's charge on an invoice (several for one machine are summed by the import). */
export interface MachineCharge {
  machineId: string;
  name: string;
  project: string | null;
  /** USD, a decimal string as the provider sent it. */
  amount: string;
  /** The provider's item, kept for reference. */
  raw: unknown;
}

export interface Machine {
  machineId: string;
  name: string;
}

export interface HostingProvider {
  readonly name: string;
  invoices(): Promise<InvoiceList>;
  /** The machine (droplet) charges of one invoice; other products are left out. */
  machineCharges(invoice: InvoiceRef): Promise<MachineCharge[]>;
  /** The machines that exist now. */
  machines(): Promise<Machine[]>;
}

/** A provider call that failed; the message is shown to administrators as it is. */
export class HostingProviderError extends Error {
  override name = "HostingProviderError";
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered with one. */
    readonly status?: number,
  ) {
    super(message);
  }
}
