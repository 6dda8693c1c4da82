// The Organizations tab: a card per organization with its account count, monthly cost (AUD) and
// 'count x plan' summary; View Details lists that organization's accounts.
import { Building2Icon, PencilIcon, Trash2Icon } from "lucide-react";
import { IconAction } from "@/client/components/icon-action";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatCount } from "@/client/lib/format";
import { planSummaryText } from "@/domain/gsuite";
import type { GsuiteSummaryResponse, OrganizationResponse } from "@/domain/schemas/gsuite";
import { useOrganizations } from "./api";
import { formatGsuiteMoney } from "./gsuite-format";
import { loadError } from "./gsuite-toasts";

export type OrganizationAction = "details" | "edit" | "delete";

export function OrganizationsTab({
  summary,
  onAction,
  onAdd,
}: {
  summary: GsuiteSummaryResponse | undefined;
  onAction(action: OrganizationAction, organization: OrganizationResponse): void;
  onAdd(): void;
}) {
  const organizations = useOrganizations();
  if (organizations.isError) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-destructive">
        {loadError("organizations")}
      </p>
    );
  }
  if (organizations.isPending) {
    return (
      <div role="status" aria-label="Loading organizations" className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (organizations.data.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<Building2Icon />}
          title="No organizations yet"
          description="Add the organization whose domain your G Suite accounts use."
          action={<Button onClick={onAdd}>Add Organization</Button>}
        />
      </Card>
    );
  }
  const figures = new Map(summary?.organizations.map((o) => [o.id, o]));
  return (
    <ul aria-label="Organizations" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {organizations.data.map((organization) => {
        const figure = figures.get(organization.id);
        const plans = figure ? planSummaryText(figure.plans) : "";
        return (
          <li key={organization.id}>
            <Card className="h-full" aria-label={organization.name}>
              <CardHeader>
                <div className="flex items-center gap-2">
                  <CardTitle>{organization.name}</CardTitle>
                  {organization.isDefault && <Badge variant="secondary">Default</Badge>}
                </div>
                <CardDescription>{organization.domain}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-1 text-sm">
                {organization.description && (
                  <p className="text-muted-foreground">{organization.description}</p>
                )}
                <p>
                  Accounts:{" "}
                  <span className="font-medium">
                    {formatCount(figure?.accountCount ?? organization.accountCount)}
                  </span>
                </p>
                <p>
                  Monthly cost:{" "}
                  <span className="font-medium">
                    {formatGsuiteMoney(figure?.monthlyCostAud ?? 0)}
                  </span>
                </p>
                <p className="text-muted-foreground">{plans || "No accounts yet"}</p>
              </CardContent>
              <CardFooter className="mt-auto flex justify-between gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onAction("details", organization)}
                >
                  View Details
                </Button>
                <div className="flex gap-0.5">
                  <IconAction
                    label={`Edit ${organization.name}`}
                    onClick={() => onAction("edit", organization)}
                  >
                    <PencilIcon aria-hidden="true" />
                  </IconAction>
                  <IconAction
                    label={`Delete ${organization.name}`}
                    className="text-destructive hover:text-destructive"
                    onClick={() => onAction("delete", organization)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </IconAction>
                </div>
              </CardFooter>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
