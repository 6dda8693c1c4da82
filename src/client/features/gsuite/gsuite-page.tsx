import { ComingSoon } from "@/client/components/coming-soon";

export function GsuitePage() {
  return (
    <ComingSoon
      title="G Suite Accounts"
      description="Workspace e-mail accounts, organizations and plans."
    />
  );
}
