import { ComingSoon } from "@/client/components/coming-soon";

export function HostingPage() {
  return (
    <ComingSoon title="Hosting Resources" description="Cloud hosting costs by droplet and month." />
  );
}
