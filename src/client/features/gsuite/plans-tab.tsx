// The Plans tab: plan type, number of users and total monthly cost (AUD) per plan, with Add Users
// and View Details; plans are edited and deleted here too. Plan types that name no plan (typed by
// hand on an account) are listed with their figures.
import { PencilIcon, Trash2Icon } from "lucide-react";
import { IconAction } from "@/client/components/icon-action";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { formatCount, titleCase } from "@/client/lib/format";
import type { GsuiteSummaryResponse, PlanResponse } from "@/domain/schemas/gsuite";
import { usePlans } from "./api";
import { formatGsuiteMoney } from "./gsuite-format";
import { loadError } from "./gsuite-toasts";

export type PlanAction = "addUsers" | "details" | "edit" | "delete";

export function PlansTab({
  summary,
  onAction,
  onDetails,
  onAdd,
}: {
  summary: GsuiteSummaryResponse | undefined;
  onAction(action: PlanAction, plan: PlanResponse): void;
  /** View Details: the accounts of this plan type. */
  onDetails(planType: string): void;
  onAdd(): void;
}) {
  const plans = usePlans();
  if (plans.isError) {
    return (
      <p role="alert" className="py-6 text-center text-sm text-destructive">
        {loadError("plans")}
      </p>
    );
  }
  if (plans.isPending) {
    return <Skeleton role="status" aria-label="Loading plans" className="h-40" />;
  }
  const figures = new Map(summary?.planTypes.map((row) => [row.planType, row]));
  const unnamed = (summary?.planTypes ?? []).filter(
    (row) => !plans.data.some((plan) => plan.name === row.planType),
  );
  if (plans.data.length === 0 && unnamed.length === 0) {
    return (
      <Card>
        <EmptyState
          title="No plans yet"
          description="Add a plan to start assigning G Suite accounts."
          action={<Button onClick={onAdd}>Add Plan</Button>}
        />
      </Card>
    );
  }
  return (
    <Card className="py-0">
      <Table aria-label="Plans">
        <TableHeader>
          <TableRow>
            <TableHead>Plan Type</TableHead>
            <TableHead>Base Price</TableHead>
            <TableHead className="text-right">Users</TableHead>
            <TableHead className="text-right">Total Cost</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {plans.data.map((plan) => {
            const figure = figures.get(plan.name);
            return (
              <TableRow key={plan.id}>
                {/* A long description wraps under the name, so the actions keep their room. */}
                <TableCell className="min-w-48 whitespace-normal">
                  <div className="font-medium">{plan.name}</div>
                  {plan.description && (
                    <div className="text-xs text-muted-foreground">{plan.description}</div>
                  )}
                </TableCell>
                <TableCell className="tabular-nums">
                  <span>{formatGsuiteMoney(plan.basePrice, plan.currency)}</span>{" "}
                  <span className="text-xs text-muted-foreground">
                    {titleCase(plan.billingCycle)}
                  </span>
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCount(figure?.users ?? 0)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatGsuiteMoney(figure?.totalCostAud ?? 0)}
                </TableCell>
                <TableCell>
                  <div className="flex items-center justify-end gap-1">
                    <Button size="sm" variant="outline" onClick={() => onAction("addUsers", plan)}>
                      Add Users
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => onDetails(plan.name)}>
                      View Details
                    </Button>
                    <IconAction label={`Edit ${plan.name}`} onClick={() => onAction("edit", plan)}>
                      <PencilIcon aria-hidden="true" />
                    </IconAction>
                    <IconAction
                      label={`Delete ${plan.name}`}
                      className="text-destructive hover:text-destructive"
                      onClick={() => onAction("delete", plan)}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </IconAction>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
          {unnamed.map((row) => (
            <TableRow key={`type-${row.planType}`}>
              <TableCell>
                <div className="font-medium">{row.planType}</div>
                <div className="text-xs text-muted-foreground">Not a plan in the list</div>
              </TableCell>
              <TableCell>—</TableCell>
              <TableCell className="text-right tabular-nums">{formatCount(row.users)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatGsuiteMoney(row.totalCostAud)}
              </TableCell>
              <TableCell>
                <div className="flex justify-end">
                  <Button size="sm" variant="ghost" onClick={() => onDetails(row.planType)}>
                    View Details
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
