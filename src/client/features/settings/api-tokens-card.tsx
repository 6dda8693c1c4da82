// Settings card 'API tokens' (issue 15, decision 0024), for administrators, the only role the
// token routes allow: every token with its owner (an administrator may revoke a departed
// colleague's), creating one for yourself (shown once), and revoking with a confirmation.
import { KeyRound, PlusIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { IconAction } from "@/client/components/icon-action";
import { LoadFailed } from "@/client/components/load-failed";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { formatTimestamp } from "@/client/lib/format";
import type { ApiTokenResponse } from "@/domain/schemas/api-tokens";
import { useApiTokens } from "./api-tokens-api";
import { CreateApiTokenDialog } from "./create-api-token-dialog";
import { RevokeApiTokenDialog } from "./revoke-api-token-dialog";
import { SettingsCard } from "./settings-card";

export function ApiTokensCard() {
  const tokens = useApiTokens();
  const [creating, setCreating] = React.useState(false);
  const [revoking, setRevoking] = React.useState<ApiTokenResponse | null>(null);

  return (
    <SettingsCard
      icon={KeyRound}
      title="API tokens"
      description="Personal tokens for scripts, sent as an Authorization: Bearer header. A token acts as its owner with the owner's role, and always expires."
    >
      {tokens.isPending ? (
        <Skeleton className="h-24 w-full" aria-label="Loading API tokens" />
      ) : tokens.isError ? (
        <LoadFailed what="API tokens" query={tokens} />
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No API tokens yet.</p>
      ) : (
        <ApiTokenTable tokens={tokens.data} asOf={tokens.dataUpdatedAt} onRevoke={setRevoking} />
      )}
      <div>
        <Button onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden="true" />
          Create token
        </Button>
      </div>
      {creating && <CreateApiTokenDialog onOpenChange={setCreating} />}
      {revoking && (
        <RevokeApiTokenDialog
          token={revoking}
          onOpenChange={(open) => !open && setRevoking(null)}
        />
      )}
    </SettingsCard>
  );
}

function ApiTokenTable({
  tokens,
  asOf,
  onRevoke,
}: {
  tokens: ApiTokenResponse[];
  /** When the list arrived (ms): a token that had expired by then is marked so. */
  asOf: number;
  onRevoke(token: ApiTokenResponse): void;
}) {
  return (
    <Table aria-label="API tokens">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Owner</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Expires</TableHead>
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
            <TableCell>{token.username}</TableCell>
            <TableCell>{formatTimestamp(token.createdAt)}</TableCell>
            <TableCell>
              {formatTimestamp(token.expiresAt)}
              {Date.parse(token.expiresAt) <= asOf && (
                <Badge variant="warning" className="ml-2">
                  Expired
                </Badge>
              )}
            </TableCell>
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
