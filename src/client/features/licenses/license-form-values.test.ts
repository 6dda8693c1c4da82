import { describe, expect, it } from "vitest";
import {
  createLicenseRequestSchema,
  createRenewalRequestSchema,
  type LicenseResponse,
  updateLicenseRequestSchema,
} from "@/domain/schemas/licenses";
import { editLicenseValues, newLicenseValues, renewalValues } from "./license-form-values";

const license: LicenseResponse = {
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
  lowSeatThreshold: 2,
  lowSeats: false,
  unusedSeats: 0,
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
    const parsed = createLicenseRequestSchema.parse({
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

describe("numbers typed into the form", () => {
  // The form parses with the server's own schemas, so it refuses what the server refuses:
  // exponents, signs, hex, spaces and leading zeros never become a number by accident.
  const filled = { ...newLicenseValues("2025-06-01"), name: "N", licenseKey: "K-1" };
  const messagesFor = (values: object) => {
    const parsed = createLicenseRequestSchema.safeParse(values);
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
  };

  it.each(["1e3", "0x10", "+9", "09", "9.0", " 9", "Infinity"])("refuses seats '%s'", (seats) => {
    expect(messagesFor({ ...filled, totalSeats: seats })).toHaveProperty("totalSeats");
  });

  it.each(["1e3", "0x10", "+9", "1.001", "12,50", "NaN"])("refuses the amount '%s'", (amount) => {
    expect(messagesFor({ ...filled, paymentAmount: amount })).toHaveProperty("paymentAmount");
  });

  it.each(["-1", "1.5", "1e2", "two"])("refuses the low-seat threshold '%s'", (threshold) => {
    expect(messagesFor({ ...filled, lowSeatThreshold: threshold })).toEqual({
      lowSeatThreshold: "Low-seat threshold must be a whole number of seats",
    });
  });

  it("reads a blank low-seat threshold as none and a number as that many seats", () => {
    expect(createLicenseRequestSchema.parse(filled).lowSeatThreshold).toBeNull();
    expect(createLicenseRequestSchema.parse({ ...filled, lowSeatThreshold: "0" })).toMatchObject({
      lowSeatThreshold: 0,
    });
  });

  it("accepts plain whole numbers and amounts with cents", () => {
    expect(messagesFor({ ...filled, totalSeats: "1000", paymentAmount: "1000.5" })).toEqual({});
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
      lowSeatThreshold: "2",
      paymentAmount: "1200.5",
      expiryDate: "",
      notes: "",
      renewalStatus: "auto",
      autoRenew: true,
    });
  });

  it("keeps the stored key when sent back unchanged", () => {
    const parsed = updateLicenseRequestSchema.parse(editLicenseValues(license));
    expect(parsed.licenseKey).toBeUndefined();
    expect(parsed.totalSeats).toBe(12);
    expect(parsed.lowSeatThreshold).toBe(2);
    expect(parsed.paymentAmount).toBe(1200.5);
  });

  it("sends a cleared low-seat threshold as null (no alert)", () => {
    const cleared = { ...editLicenseValues(license), lowSeatThreshold: "" };
    expect(updateLicenseRequestSchema.parse(cleared).lowSeatThreshold).toBeNull();
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
    expect(createRenewalRequestSchema.parse(values)).toMatchObject({
      licenseId: 7,
      previousExpiryDate: "2025-01-31",
      newExpiryDate: "2025-04-30",
      renewalAmount: 1200.5,
    });
    const zero = createRenewalRequestSchema.safeParse({ ...values, renewalAmount: "0" });
    expect(zero.success).toBe(false);
    expect(zero.error?.issues[0]?.message).toBe(
      "Renewal amount must be a valid number greater than zero",
    );
  });
});
