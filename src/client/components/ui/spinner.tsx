import { Loader2 } from "lucide-react";
import { cn } from "@/client/lib/utils";

export interface SpinnerProps {
  className?: string;
  /** Read by screen readers; the icon itself is decorative. */
  label?: string;
}

export function Spinner({ className, label = "Loading" }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <Loader2 aria-hidden="true" className={cn("size-4 animate-spin", className)} />
    </span>
  );
}
