// Settings card 'Integrations' (issue 33), for administrators: each workspace provider, whether it
// is configured (or which variables are missing), its last and next sync, and Preview and Sync
// buttons. The preview lists what a sync would create, change and retire, and the people no user
// matches; a failure shows the provider's message, which says what to do.
import { RefreshCw } from "lucide-react";
import { FormAlert } from "@/client/components/form/form-alert";
import { LoadFailed } from "@/client/components/load-failed";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatTimestamp } from "@/client/lib/format";
import { notify } from "@/client/lib/notify";
import type {
  IntegrationPreviewResponse,
  IntegrationsResponse,
  SyncCountsResponse,
} from "@/domain/schemas/integrations";
import { useIntegrations, usePreviewIntegration, useSyncIntegration } from "./integrations-api";
import { SettingsCard } from "./settings-card";

type Provider = IntegrationsResponse["providers"][number];

const countsText = (counts: SyncCountsResponse) =>
  `${counts.created} to create, ${counts.changed} changed, ${counts.retired} retired, ${counts.unmatched} unmatched`;
const doneText = (counts: SyncCountsResponse) =>
  `${counts.created} created, ${counts.changed} changed, ${counts.retired} retired, ${counts.unmatched} people unmatched`;

/** How many of each list the preview shows; the counts say how many there are. */
const SHOWN = 8;

function PreviewList({ title, labels }: { title: string; labels: string[] }) {
  if (labels.length === 0) return null;
  return (
    <div className="grid gap-1">
      <h4 className="text-sm font-medium">
        {title} ({labels.length})
      </h4>
      <ul className="list-disc pl-5 text-sm text-muted-foreground">
        {labels.slice(0, SHOWN).map((label, index) => (
          // Labels may repeat (one person on two products); the position keeps keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={index}>{label}</li>
        ))}
        {labels.length > SHOWN && <li>and {labels.length - SHOWN} more</li>}
      </ul>
    </div>
  );
}

function Preview({ plan }: { plan: IntegrationPreviewResponse }) {
  const nothing = plan.creates.length + plan.changes.length + plan.retirements.length === 0;
  return (
    <section className="grid gap-3 rounded-md border p-3" aria-label="Sync preview">
      <p className="text-sm">
        {nothing ? "A sync would change nothing." : `A sync would: ${countsText(plan.counts)}.`}
      </p>
      <PreviewList title="Create" labels={plan.creates.map((i) => i.label)} />
      <PreviewList title="Change" labels={plan.changes.map((i) => i.label)} />
      <PreviewList title="Retire" labels={plan.retirements.map((i) => i.label)} />
      <PreviewList
        title="People no user matches"
        labels={plan.unmatched_people.map((p) => (p.name ? `${p.name} <${p.email}>` : p.email))}
      />
    </section>
  );
}

function ProviderRow({ provider }: { provider: Provider }) {
  const preview = usePreviewIntegration();
  const sync = useSyncIntegration();
  const busy = preview.isPending || sync.isPending || provider.running;
  const last = provider.last_run;
  const failure = preview.error?.message ?? sync.error?.message;

  const runSync = () => {
    preview.reset();
    sync.mutate(provider.provider, {
      onSuccess: (result) =>
        notify.success({ title: `${provider.name} synced`, description: doneText(result.counts) }),
    });
  };

  return (
    <section className="grid gap-3" aria-label={provider.name}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{provider.name}</h3>
        {provider.configured ? (
          <Badge variant="success">Configured</Badge>
        ) : (
          <Badge variant="secondary">Not configured</Badge>
        )}
        {provider.running && <Badge variant="secondary">Syncing</Badge>}
      </div>
      {!provider.configured && (
        <p className="text-sm text-muted-foreground">
          Set {provider.missing.join(", ")} on the server to sync {provider.name}.
        </p>
      )}
      {last && (
        <p className="text-sm text-muted-foreground">
          Last sync {formatTimestamp(last.finished_at ?? last.started_at)}
          {last.trigger === "scheduled" ? " (daily)" : ""}:{" "}
          {last.outcome === "succeeded" && last.counts
            ? doneText(last.counts)
            : `failed. ${last.error_message ?? ""}`}
        </p>
      )}
      {provider.next_run_at && (
        <p className="text-sm text-muted-foreground">
          Next daily sync {formatTimestamp(provider.next_run_at)}.
        </p>
      )}
      {provider.configured && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              sync.reset();
              preview.mutate(provider.provider);
            }}
          >
            {preview.isPending ? "Reading…" : "Preview"}
          </Button>
          <Button disabled={busy} onClick={runSync}>
            <RefreshCw aria-hidden="true" />
            {sync.isPending ? "Syncing…" : "Sync"}
          </Button>
        </div>
      )}
      <FormAlert>{failure}</FormAlert>
      {preview.data && <Preview plan={preview.data} />}
    </section>
  );
}

export function IntegrationsCard() {
  const integrations = useIntegrations();
  return (
    <SettingsCard
      icon={RefreshCw}
      title="Integrations"
      description="Licenses, seats and office accounts read from your workspace provider. Preview shows what a sync would change; a sync never deletes, and never overwrites costs, dates or notes."
    >
      {integrations.isPending ? (
        <Skeleton className="h-24 w-full" aria-label="Loading integrations" />
      ) : integrations.isError ? (
        <LoadFailed what="integrations" query={integrations} />
      ) : (
        integrations.data.providers.map((provider) => (
          <ProviderRow key={provider.provider} provider={provider} />
        ))
      )}
    </SettingsCard>
  );
}
