import { describe, expect, it } from "vitest";
import {
  createRenewalSchema,
  type LicenseDto,
  licenseFormSchema,
  updateLicenseSchema,
} from "@/domain/schemas/licenses";
import { editLicenseValues, newLicenseValues, renewalValues } from "./license-form-values";

const license: LicenseDto = {
  id: 7,
  name: "Design Suite",
  licenseType: "team",
  licenseKeyMasked: "XXXX-XXXX-1234",
  username: null,
  orderId: "ORD-9",
  product: "Figma",
  status: "Active",
  totalSeats: 12,
  assignedSeats: 3,
  seatsLeft: 9,
  purchaseDate: "2025-01-15",
  expiryDate: null,
  paymentAmount: 1200.5,
  paymentCurrency: "EUR",
  paymentFrequency: "quarterly",
  autoRenew: true,
  renewalStatus: "auto",
  notes: null,
  createdAt: "2025-01-15T10:00:00.000Z",
};

describe("newLicenseValues", () => {
  it("starts with the spec's defaults", () => {
    const values = newLicenseValues("2025-06-01");
    expect(values).toMatchObject({
      totalSeats: "5",
      paymentAmount: "259",
      paymentCurrency: "USD",
      paymentFrequency: "annually",
      purchaseDate: "2025-06-01",
      expiryDate: "",
      licenseType: "multi-user",
      product: "SEO Spider",
      renewalStatus: "manual",
      autoRenew: false,
    });
  });

  it("becomes a valid request once a name and key are filled in", () => {
    const parsed = licenseFormSchema.parse({
      ...newLicenseValues("2025-06-01"),
      name: "SEO Spider",
      licenseKey: "ABCD-1234",
    });
    expect(parsed).toMatchObject({
      totalSeats: 5,
      paymentAmount: 259,
      expiryDate: null,
      purchaseDate: "2025-06-01",
      username: null,
    });
  });
});

describe("editLicenseValues", () => {
  it("copies the license into the form, with a blank key and strings for numbers", () => {
    const values = editLicenseValues(license);
    expect(values).toMatchObject({
      name: "Design Suite",
      licenseKey: "",
      username: "",
      orderId: "ORD-9",
      totalSeats: "12",
      paymentAmount: "1200.5",
      expiryDate: "",
      notes: "",
      renewalStatus: "auto",
      autoRenew: true,
    });
  });

  it("keeps the stored key when sent back unchanged", () => {
    const parsed = updateLicenseSchema.parse(editLicenseValues(license));
    expect(parsed.licenseKey).toBeUndefined();
    expect(parsed.totalSeats).toBe(12);
    expect(parsed.paymentAmount).toBe(1200.5);
  });

  it("shows a missing amount as an empty field", () => {
    expect(editLicenseValues({ ...license, paymentAmount: null }).paymentAmount).toBe("");
  });
});

describe("renewalValues", () => {
  const manual = { ...license, renewalStatus: "manual" as const, autoRenew: false };

  it("moves the expiry on by one payment period and pre-fills the amount", () => {
    const quarterly = renewalValues({ ...manual, expiryDate: "2025-01-31" }, "2025-06-01");
    expect(quarterly).toMatchObject({
      licenseId: 7,
      previousExpiryDate: "2025-01-31",
      newExpiryDate: "2025-04-30",
      renewalAmount: "1200.5",
      newLicenseKey: "",
    });
    const annual = renewalValues(
      { ...manual, expiryDate: "2024-02-29", paymentFrequency: "annually" },
      "2025-06-01",
    );
    expect(annual.newExpiryDate).toBe("2025-02-28");
    const monthly = renewalValues(
      { ...manual, expiryDate: "2025-03-15", paymentFrequency: "monthly" },
      "2025-06-01",
    );
    expect(monthly.newExpiryDate).toBe("2025-04-15");
  });

  it("starts a year from today without an expiry date", () => {
    const values = renewalValues({ ...manual, expiryDate: null }, "2025-06-01");
    expect(values.previousExpiryDate).toBe("");
    expect(values.newExpiryDate).toBe("2026-06-01");
  });

  it("is a valid renewal request as it stands, but not with a zero amount", () => {
    const values = renewalValues({ ...manual, expiryDate: "2025-01-31" }, "2025-06-01");
    expect(createRenewalSchema.parse(values)).toMatchObject({
      licenseId: 7,
      previousExpiryDate: "2025-01-31",
      newExpiryDate: "2025-04-30",
      renewalAmount: 1200.5,
    });
    const zero = createRenewalSchema.safeParse({ ...values, renewalAmount: "0" });
    expect(zero.success).toBe(false);
    expect(zero.error?.issues[0]?.message).toBe(
      "Renewal amount must be a valid number greater than zero",
    );
  });
});
