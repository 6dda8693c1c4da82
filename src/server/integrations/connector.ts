// What a workspace sync (issue 33) needs from a provider, so that Google Workspace and Microsoft 365
// sit behind one preview/sync flow (server/integrations/service.ts). A connector is two parts, as
// ARCHITECTURE.md says: a client that reads the provider (auth, paging, throttling, failures mapped
// to IntegrationError) into a snapshot, and a planner that turns the snapshot and our rows into
// what a sync would create, change and retire. The preview shows the plan; the sync applies it in
// one transaction under the provider's single-run lease.
import type { ErrorCode } from "../../domain/error-codes";
import { INTEGRATION_PROVIDER_IDS } from "../../domain/schemas/integrations";
import type { ActivityActor } from "../activity/record";
import type { AppConfig } from "../config";
import type { Executor } from "../db/client";
import { AppError } from "../http/errors";
import type { Secrets } from "../lib/secrets";

export const INTEGRATION_PROVIDERS = INTEGRATION_PROVIDER_IDS;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

/** A person as the provider knows them: who a seat or account is matched to, by e-mail. */
export interface ProviderPerson {
  /** The provider's id (Graph user id, Directory API user id). */
  externalId: string;
  /** Primary address, lower-cased. */
  email: string;
  name: string | null;
  /** False when suspended (Google) or accountEnabled is false (Microsoft). */
  enabled: boolean;
  /** The last sign-in the provider reports; null when never, or when it does not tell. */
  lastSignInAt: Date | null;
  /** Whether the provider told us sign-ins at all (Graph's signInActivity needs a premium tenant). */
  signInKnown: boolean;
}

/** Which of our rows a plan item is about. */
export type PlannedRowKind =
  | "license"
  | "seat"
  | "office-account"
  | "gsuite-organization"
  | "gsuite-plan"
  | "gsuite-account"
  /** A user made for a person no user matched (INTEGRATIONS_CREATE_USERS). */
  | "user";

export interface PlanItem {
  kind: PlannedRowKind;
  /** The provider's id for the thing (its (provider, external_id) in our tables). */
  externalId: string;
  /** What an administrator reads: "Microsoft 365 E3", "ana@example.com on Microsoft 365 E3". */
  label: string;
  /** Our row, for a change or retirement. */
  rowId?: number;
  /** For a change: field → [before, after] (never a secret). */
  changes?: Record<string, [unknown, unknown]>;
}

export interface SyncPlan {
  provider: IntegrationProvider;
  creates: PlanItem[];
  changes: PlanItem[];
  /** Rows the provider no longer has: deactivated by the sync, never deleted. */
  retirements: PlanItem[];
  /** People the provider has that no user matches by e-mail: listed, created only by option. */
  unmatchedPeople: { email: string; name: string | null }[];
}

export interface SyncCounts {
  created: number;
  changed: number;
  retired: number;
  unmatched: number;
}

export interface PlanOptions {
  /** INTEGRATIONS_CREATE_USERS: create a user for each unmatched person. */
  createUsers: boolean;
  now: Date;
}

/** What apply needs besides the plan's options: the secrets helper (a license's sealed key). */
export interface ApplyOptions extends PlanOptions {
  secrets: Secrets;
}

export interface Connector<Snapshot> {
  readonly provider: IntegrationProvider;
  /** The environment variables still missing; empty when the provider is configured. */
  missing(config: AppConfig): string[];
  /** Reads everything the sync needs; throws IntegrationError on any failure, having written nothing. */
  read(config: AppConfig, signal?: AbortSignal): Promise<Snapshot>;
  /** Our rows and the snapshot → the plan. Reads only. */
  plan(db: Executor, snapshot: Snapshot, options: PlanOptions): Promise<SyncPlan>;
  /**
   * Carries the plan out in the caller's transaction (the caller holds the lease), recording
   * every change in the activity log as `actor`'s, and answers the counts. A connector may work
   * the plan out again from the rows as the transaction sees them (the Microsoft one does).
   */
  apply(
    tx: Executor,
    snapshot: Snapshot,
    plan: SyncPlan,
    actor: ActivityActor,
    options: ApplyOptions,
  ): Promise<SyncCounts>;
  /** The name shown to administrators: "Microsoft 365". */
  readonly name: string;
}

export type IntegrationErrorCode = Extract<ErrorCode, `INTEGRATION_${string}`>;

/**
 * A provider call that failed: answered as a 502 with its code, the message shown to
 * administrators as it is (it says what to do; it never carries a secret or a token).
 */
export class IntegrationError extends AppError {
  constructor(code: IntegrationErrorCode, message: string) {
    super(502, code, message);
    this.name = "IntegrationError";
  }
}
