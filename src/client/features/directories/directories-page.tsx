import { ComingSoon } from "@/client/components/coming-soon";

export function DirectoriesPage() {
  return (
    <ComingSoon
      title="Directory Listings"
      description="Paid directory listings and their payment schedule."
    />
  );
}
