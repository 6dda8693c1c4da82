import { ComingSoon } from "@/client/components/coming-soon";

export function ExpensesPage() {
  return (
    <ComingSoon
      title="Expense Analysis"
      description="Spend across licenses, directory listings and workspace accounts."
    />
  );
}
