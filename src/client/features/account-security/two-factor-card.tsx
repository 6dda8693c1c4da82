// The Profile's second-factor card (Security tab): whether TOTP is on, and the dialogs to turn it
// on or off and to replace the recovery codes. The Settings page's switch opens the same dialogs.
import { Smartphone } from "lucide-react";
import * as React from "react";
import { FormAlert } from "@/client/components/form/form-alert";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useTwoFactorStatus } from "./two-factor-api";
import { RecoveryCodesDialog, TwoFactorDisableDialog } from "./two-factor-disable-dialog";
import { TwoFactorSetupDialog } from "./two-factor-setup-dialog";

type Open = "setup" | "disable" | "codes" | null;

export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [open, setOpen] = React.useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Smartphone aria-hidden="true" className="size-5 text-primary" />
          Two-Factor Authentication
        </CardTitle>
        <CardDescription>
          After your password, a 6-digit code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {status.isError ? (
          <FormAlert>Could not load your two-factor status. {status.error.message}</FormAlert>
        ) : !status.data ? (
          <Skeleton className="h-10 w-full" aria-label="Loading two-factor status" />
        ) : status.data.enabled ? (
          <div className="flex flex-wrap items-center gap-3">
            <Badge variant="success">Two-factor on</Badge>
            <span className="text-sm text-muted-foreground" data-testid="recovery-codes-left">
              {status.data.recoveryCodesLeft} recovery code
              {status.data.recoveryCodesLeft === 1 ? "" : "s"} left
            </span>
            <div className="ml-auto flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setOpen("codes")}>
                New recovery codes
              </Button>
              <Button variant="outline" onClick={() => setOpen("disable")}>
                Turn off
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Badge variant="outline">Off</Badge>
            <Button className="ml-auto" onClick={() => setOpen("setup")}>
              Set up two-factor
            </Button>
          </div>
        )}
      </CardContent>
      {open === "setup" && <TwoFactorSetupDialog onOpenChange={close} />}
      {open === "disable" && <TwoFactorDisableDialog onOpenChange={close} />}
      {open === "codes" && <RecoveryCodesDialog onOpenChange={close} />}
    </Card>
  );
}
