// What the license form starts with, for a new license (the spec's defaults, part 1 section 5)
// and for an existing one. Values are what the inputs hold (strings for numbers and dates);
// the shared zod schema turns them into the request.
import { todayIso } from "@/domain/dates";
import { defaultRenewalExpiry } from "@/domain/recurrence";
import type { CreateLicenseRequestInput, LicenseResponse } from "@/domain/schemas/licenses";

export interface LicenseFormValues {
  name: string;
  licenseType: LicenseResponse["licenseType"];
  licenseKey: string;
  username: string;
  orderId: string;
  product: string;
  status: string;
  totalSeats: string;
  /** Blank: no low-seat alert. */
  lowSeatThreshold: string;
  purchaseDate: string;
  expiryDate: string;
  paymentAmount: string;
  paymentCurrency: LicenseResponse["paymentCurrency"];
  paymentFrequency: LicenseResponse["paymentFrequency"];
  autoRenew: boolean;
  renewalStatus: LicenseResponse["renewalStatus"];
  notes: string;
}

// Compile-time check that the form's values are something the shared schema accepts.
const _fitsSchema: (values: LicenseFormValues) => CreateLicenseRequestInput = (values) => values;

export function newLicenseValues(today: string = todayIso()): LicenseFormValues {
  return {
    name: "",
    licenseType: "multi-user",
    licenseKey: "",
    username: "",
    orderId: "",
    product: "SEO Spider",
    status: "Active",
    totalSeats: "5",
    lowSeatThreshold: "",
    purchaseDate: today,
    expiryDate: "",
    paymentAmount: "259",
    paymentCurrency: "USD",
    paymentFrequency: "annually",
    autoRenew: false,
    renewalStatus: "manual",
    notes: "",
  };
}

/** The form for editing: the key stays blank, which keeps the stored key. */
export function editLicenseValues(license: LicenseResponse): LicenseFormValues {
  return {
    name: license.name,
    licenseType: license.licenseType,
    licenseKey: "",
    username: license.username ?? "",
    orderId: license.orderId ?? "",
    product: license.product,
    status: license.status,
    totalSeats: String(license.totalSeats),
    lowSeatThreshold: license.lowSeatThreshold === null ? "" : String(license.lowSeatThreshold),
    purchaseDate: license.purchaseDate ?? "",
    expiryDate: license.expiryDate ?? "",
    paymentAmount: license.paymentAmount === null ? "" : String(license.paymentAmount),
    paymentCurrency: license.paymentCurrency,
    paymentFrequency: license.paymentFrequency,
    autoRenew: license.autoRenew,
    renewalStatus: license.renewalStatus,
    notes: license.notes ?? "",
  };
}

/**
 * The renewal form: the new expiry is the previous one plus a payment period (the shared
 * defaultRenewalExpiry rule) and the amount is the license's payment amount.
 */
/** What a renewal needs of a license (the dashboard's lists carry only these fields). */
export type RenewableLicense = Pick<
  LicenseResponse,
  "id" | "name" | "expiryDate" | "paymentAmount" | "paymentCurrency" | "paymentFrequency"
>;

export function renewalValues(license: RenewableLicense, today: string = todayIso()) {
  return {
    licenseId: license.id,
    previousExpiryDate: license.expiryDate ?? "",
    newExpiryDate: defaultRenewalExpiry(license.expiryDate, license.paymentFrequency, today),
    renewalAmount: license.paymentAmount === null ? "" : String(license.paymentAmount),
    newLicenseKey: "",
    notes: "",
  };
}
