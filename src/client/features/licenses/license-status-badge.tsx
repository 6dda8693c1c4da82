import { Badge } from "@/client/components/ui/badge";
import { cn } from "@/client/lib/utils";
import type { LicenseStatus, LicenseStatusTone } from "@/domain/license-status";

const TONE_CLASSES: Record<LicenseStatusTone, string> = {
  blue: "border-transparent bg-blue-100 text-blue-800",
  gray: "border-transparent bg-gray-100 text-gray-700",
  red: "border-transparent bg-red-100 text-red-800",
  yellow: "border-transparent bg-yellow-100 text-yellow-800",
  green: "border-transparent bg-green-100 text-green-800",
};

/** The badge for a status computed by the shared rule (src/domain/license-status.ts). */
export function LicenseStatusBadge({ status }: { status: LicenseStatus }) {
  return (
    <Badge variant="outline" className={cn(TONE_CLASSES[status.tone])}>
      {status.label}
    </Badge>
  );
}
