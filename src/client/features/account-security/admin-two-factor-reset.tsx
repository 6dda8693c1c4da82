// The User Details view of someone's second factor, with the administrator's reset (for a lost
// phone). The server refuses anyone but an administrator.
import * as React from "react";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import { useResetUserTwoFactor, useUserTwoFactor } from "./two-factor-api";

export function AdminTwoFactorReset({ userId, username }: { userId: number; username: string }) {
  const status = useUserTwoFactor(userId);
  const reset = useResetUserTwoFactor(userId);
  const [confirming, setConfirming] = React.useState(false);
  const action = useDialogAction({
    run: () => reset.mutateAsync(),
    success: () => ({
      title: "Two-factor reset",
      description: `${username} can sign in with their password alone and set it up again.`,
    }),
    failure: (error) => ({
      title: "Error",
      description: `Failed to reset two-factor authentication: ${error instanceof Error ? error.message : "Unknown error occurred"}`,
    }),
    onDone: () => setConfirming(false),
  });

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border p-3 text-sm">
      <span className="font-medium">Two-factor authentication</span>
      {status.isError ? (
        <span className="text-destructive">Could not be checked</span>
      ) : !status.data ? (
        <span className="text-muted-foreground">Checking...</span>
      ) : status.data.enabled ? (
        <>
          <Badge variant="success">On</Badge>
          <Button
            variant="outline"
            size="sm"
            className="ml-auto"
            onClick={() => setConfirming(true)}
          >
            Reset two-factor
          </Button>
        </>
      ) : (
        <Badge variant="outline">Off</Badge>
      )}
      {confirming && (
        <ConfirmDialog
          title="Reset two-factor authentication?"
          description={`${username} will sign in with their password alone until they set up two-factor again. Their recovery codes stop working.`}
          confirmLabel="Reset"
          busyLabel="Resetting..."
          busy={action.busy}
          onConfirm={() => void action.run()}
          onOpenChange={setConfirming}
        />
      )}
    </div>
  );
}
