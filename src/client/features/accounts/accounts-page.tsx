import { ComingSoon } from "@/client/components/coming-soon";

export function AccountsPage() {
  return (
    <ComingSoon
      title="MS Office Accounts"
      description="Office accounts, their payment details and who uses them."
    />
  );
}
