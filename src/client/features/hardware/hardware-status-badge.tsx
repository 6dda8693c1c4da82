import { Badge } from "@/client/components/ui/badge";
import { titleCase } from "@/client/lib/format";
import type { HardwareStatus } from "@/domain/enums";

const VARIANTS = {
  active: "success",
  maintenance: "warning",
  reserved: "secondary",
  retired: "outline",
} as const;

export function HardwareStatusBadge({ status }: { status: HardwareStatus }) {
  return <Badge variant={VARIANTS[status]}>{titleCase(status)}</Badge>;
}
