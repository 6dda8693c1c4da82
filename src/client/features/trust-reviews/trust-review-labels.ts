// How payment and approval statuses read on the page.
import type { TrustReviewApprovalStatus, TrustReviewPaymentStatus } from "@/domain/enums";

export const PAYMENT_STATUS_LABELS: Record<TrustReviewPaymentStatus, string> = {
  paying: "Paying",
  not_paying: "Not Paying",
  partial: "Partial",
};

export const APPROVAL_LABELS: Record<TrustReviewApprovalStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  keep: "Keep for Review",
};
