// What the directory form starts with: the spec's defaults (USD, 12 months, today) for a new
// listing, the stored values for an existing one. Inputs hold strings; the schema parses them.
import { todayIso } from "@/domain/dates";
import type { CreateDirectoryRequestInput, DirectoryResponse } from "@/domain/schemas/directories";

export interface DirectoryFormValues {
  name: string;
  url: string;
  location: string;
  paymentAmount: string;
  paymentCurrency: DirectoryResponse["paymentCurrency"];
  paymentFrequencyMonths: string;
  nextPaymentDate: string;
  isOneTime: boolean;
  isCancelled: boolean;
  notes: string;
}

// Compile-time check that the form's values are something the shared schema accepts.
const _fitsSchema: (values: DirectoryFormValues) => CreateDirectoryRequestInput = (values) =>
  values;

export function newDirectoryValues(today: string = todayIso()): DirectoryFormValues {
  return {
    name: "",
    url: "",
    location: "",
    paymentAmount: "",
    paymentCurrency: "USD",
    paymentFrequencyMonths: "12",
    nextPaymentDate: today,
    isOneTime: false,
    isCancelled: false,
    notes: "",
  };
}

export function editDirectoryValues(directory: DirectoryResponse): DirectoryFormValues {
  return {
    name: directory.name,
    url: directory.url ?? "",
    location: directory.location ?? "",
    paymentAmount: directory.paymentAmount === null ? "" : String(directory.paymentAmount),
    paymentCurrency: directory.paymentCurrency,
    paymentFrequencyMonths: String(directory.paymentFrequencyMonths),
    nextPaymentDate: directory.nextPaymentDate ?? "",
    isOneTime: directory.isOneTime,
    isCancelled: directory.isCancelled,
    notes: directory.notes ?? "",
  };
}
