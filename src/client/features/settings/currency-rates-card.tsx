// The currency rates every converted figure uses (spec part 1, section 9, plus INR), which an
// administrator may change here. Each pair shows when, and by whom, its rate was last set.
import { zodResolver } from "@hookform/resolvers/zod";
import { Coins } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/client/components/form/form-alert";
import { NumberInput } from "@/client/components/form/number-input";
import { LoadFailed } from "@/client/components/load-failed";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { useServerProblem } from "@/client/hooks/use-server-problem";
import { formatTimestamp } from "@/client/lib/format";
import { notify } from "@/client/lib/notify";
import {
  type CurrencyRateResponse,
  type UpdateCurrencyRatesInput,
  type UpdateCurrencyRatesRequest,
  updateCurrencyRatesRequestSchema,
} from "@/domain/schemas/currency-rates";
import { useCurrencyRates, useUpdateCurrencyRates } from "./api";

export function CurrencyRatesCard() {
  const rates = useCurrencyRates(true);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Coins aria-hidden="true" className="size-5 text-primary" />
          Currency Rates
        </CardTitle>
        <CardDescription>
          How amounts are converted into the display currency. One unit of the first currency is
          worth the rate in the second.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rates.isError ? (
          <LoadFailed what="currency rates" query={rates} />
        ) : rates.data ? (
          <CurrencyRatesForm rates={rates.data} />
        ) : (
          <Skeleton className="h-48 w-full" aria-label="Loading currency rates" />
        )}
      </CardContent>
    </Card>
  );
}

const valuesOf = (rates: CurrencyRateResponse[]): UpdateCurrencyRatesInput => ({
  rates: rates.map(({ from, to, rate }) => ({ from, to, rate: String(rate) })),
});

function CurrencyRatesForm({ rates }: { rates: CurrencyRateResponse[] }) {
  const form = useForm<UpdateCurrencyRatesInput, unknown, UpdateCurrencyRatesRequest>({
    resolver: zodResolver(updateCurrencyRatesRequestSchema),
    defaultValues: valuesOf(rates),
  });
  const fields = React.useMemo(() => rates.map((_, index) => `rates.${index}.rate`), [rates]);
  const problem = useServerProblem(form.setError, fields);
  const update = useUpdateCurrencyRates();

  // A saved answer (or a change by someone else) becomes the form's new starting point.
  React.useEffect(() => form.reset(valuesOf(rates)), [form, rates]);

  const onSubmit = form.handleSubmit(async (values) => {
    problem.clear();
    try {
      await update.mutateAsync(values);
      notify.success({ title: "Currency rates saved" });
    } catch (error) {
      problem.show(error);
      notify.error({
        title: "Error",
        description: "Failed to save currency rates. Please try again.",
      });
    }
  });

  const errors = form.formState.errors.rates;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Conversion</TableHead>
            <TableHead>Rate</TableHead>
            <TableHead>Default</TableHead>
            <TableHead>Set</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rates.map((rate, index) => {
            const error = errors?.[index]?.rate?.message;
            const label = `${rate.from} to ${rate.to}`;
            const errorId = `rate-${rate.from}-${rate.to}-error`;
            return (
              <TableRow key={label}>
                <TableCell className="font-medium">
                  1 {rate.from} → {rate.to}
                </TableCell>
                <TableCell>
                  <NumberInput
                    decimal
                    className="w-32"
                    aria-label={`Rate ${label}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    {...form.register(`rates.${index}.rate`)}
                  />
                  {error && (
                    <p id={errorId} className="mt-1 text-sm text-destructive">
                      {error}
                    </p>
                  )}
                </TableCell>
                <TableCell className="text-muted-foreground">{rate.defaultRate}</TableCell>
                <TableCell className="text-muted-foreground">
                  {rate.setAt
                    ? `${formatTimestamp(rate.setAt)}${rate.setBy ? ` by ${rate.setBy}` : ""}`
                    : "Default rate"}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <FormAlert>{problem.message}</FormAlert>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Rates"}
        </Button>
      </div>
    </form>
  );
}
