import { ComingSoon } from "@/client/components/coming-soon";

export function TrustReviewsPage() {
  return (
    <ComingSoon
      title="Trust Reviews"
      description="Client license assignments and their payments."
    />
  );
}
