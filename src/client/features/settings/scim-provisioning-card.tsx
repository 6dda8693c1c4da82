// Settings card 'SCIM provisioning' (issue 32, decision 0060), for administrators, the only role
// the SCIM routes allow: the base URL an identity provider is given, its tokens (created and
// shown once, revoked with a confirmation) and what a deprovisioning does with what the person
// holds.
import { Trash2Icon, UsersRound } from "lucide-react";
import * as React from "react";
import { CopyableValue } from "@/client/components/copyable-value";
import { IconAction } from "@/client/components/icon-action";
import { LoadFailed } from "@/client/components/load-failed";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/client/components/ui/select";
import { Separator } from "@/client/components/ui/separator";
import { Skeleton } from "@/client/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import { formatTimestamp } from "@/client/lib/format";
import type { DeprovisionPolicy, ScimTokenResponse } from "@/domain/schemas/scim";
import { useSaveScimSettings, useScimSettings, useScimTokens } from "./scim-api";
import { CreateScimTokenDialog, RevokeScimTokenDialog } from "./scim-token-dialogs";
import { SettingsCard } from "./settings-card";

const POLICY_LABELS: Record<DeprovisionPolicy, string> = {
  hold: "Hold for review",
  release: "Release everything",
};

const POLICY_DESCRIPTIONS: Record<DeprovisionPolicy, string> = {
  hold: "The person is deactivated and signed out; what they hold stays with them and is listed on the dashboard's Needs Attention until someone finishes their offboarding.",
  release:
    "The person is offboarded at once: deactivated, signed out, and everything they hold released.",
};

export function ScimProvisioningCard() {
  const tokens = useScimTokens();
  const [creating, setCreating] = React.useState(false);
  const [revoking, setRevoking] = React.useState<ScimTokenResponse | null>(null);
  // Where focus goes once a token is revoked: its row, which opened the confirmation, is gone.
  const createButton = React.useRef<HTMLButtonElement>(null);

  return (
    <SettingsCard
      icon={UsersRound}
      title="SCIM provisioning"
      description="Your identity provider (Microsoft Entra ID, Okta...) creates, updates and deprovisions people here through SCIM 2.0, with a token made for it."
    >
      <CopyableValue
        label="SCIM base URL"
        value={`${window.location.origin}/scim/v2`}
        description="The tenant URL your identity provider asks for."
        copiedTitle="URL copied"
      />
      <Separator />
      <h3 className="font-medium">Tokens</h3>
      {tokens.isPending ? (
        <Skeleton className="h-24 w-full" aria-label="Loading SCIM tokens" />
      ) : tokens.isError ? (
        <LoadFailed what="SCIM tokens" query={tokens} />
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No SCIM tokens yet. Create one for your identity provider.
        </p>
      ) : (
        <ScimTokenTable tokens={tokens.data} onRevoke={setRevoking} />
      )}
      <div>
        <Button ref={createButton} onClick={() => setCreating(true)}>
          Create SCIM token
        </Button>
      </div>
      <Separator />
      <DeprovisionPolicyForm />
      {creating && <CreateScimTokenDialog onOpenChange={setCreating} />}
      {revoking && (
        <RevokeScimTokenDialog
          token={revoking}
          afterRevoke={createButton}
          onOpenChange={(open) => !open && setRevoking(null)}
        />
      )}
    </SettingsCard>
  );
}

function ScimTokenTable({
  tokens,
  onRevoke,
}: {
  tokens: ScimTokenResponse[];
  onRevoke(token: ScimTokenResponse): void;
}) {
  return (
    <Table aria-label="SCIM tokens">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Last used</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {tokens.map((token) => (
          <TableRow key={token.id}>
            <TableCell className="font-medium">{token.name}</TableCell>
            <TableCell>{formatTimestamp(token.createdAt)}</TableCell>
            <TableCell>{token.lastUsedAt ? formatTimestamp(token.lastUsedAt) : "Never"}</TableCell>
            <TableCell className="text-right">
              <IconAction label={`Revoke ${token.name}`} onClick={() => onRevoke(token)}>
                <Trash2Icon aria-hidden="true" />
              </IconAction>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function DeprovisionPolicyForm() {
  const settings = useScimSettings();
  const save = useSaveScimSettings();
  const [choice, setChoice] = React.useState<DeprovisionPolicy | null>(null);
  const saved = settings.data?.deprovisionPolicy;
  const shown = choice ?? saved ?? "hold";
  const action = useDialogAction({
    run: () => save.mutateAsync({ deprovisionPolicy: shown }),
    success: () => ({
      title: "SCIM settings saved",
      description: `Deprovisioned people: ${POLICY_LABELS[shown].toLowerCase()}.`,
    }),
    failure: (error) => ({
      title: "Error",
      description: `Failed to save SCIM settings: ${error instanceof Error ? error.message : "Unknown error"}`,
    }),
    onDone: () => setChoice(null),
  });

  if (settings.isError) return <LoadFailed what="SCIM settings" query={settings} />;
  if (!settings.data) {
    return <Skeleton className="h-20 w-full" aria-label="Loading SCIM settings" />;
  }
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void action.run();
      }}
    >
      <Label htmlFor="scim-deprovision-policy">When someone is deprovisioned</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Select value={shown} onValueChange={(value) => setChoice(value as DeprovisionPolicy)}>
          <SelectTrigger
            id="scim-deprovision-policy"
            className="w-56"
            aria-describedby="scim-deprovision-policy-description"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(POLICY_LABELS) as DeprovisionPolicy[]).map((policy) => (
              <SelectItem key={policy} value={policy}>
                {POLICY_LABELS[policy]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button type="submit" variant="outline" disabled={action.busy || shown === saved}>
          {action.busy ? "Saving..." : "Save"}
        </Button>
      </div>
      <p id="scim-deprovision-policy-description" className="text-sm text-muted-foreground">
        {POLICY_DESCRIPTIONS[shown]} Re-activating someone restores their sign-in, not what was
        released.
      </p>
    </form>
  );
}
