// Each scheduled job's runs, failures and last success, for GET /metrics: an operator sees a
// failing reminder pass or hosting import without opening the app. Every scheduler calls
// recordJobRun once per run, under its own name; process-wide, like the schedulers' timers.
import { Counter, Gauge, Registry } from "prom-client";

/** Read by the metrics route beside each app's own request and pool metrics. */
export const jobMetricsRegistry = new Registry();

const runs = new Counter({
  name: "quartermaster_job_runs_total",
  help: "Runs of a scheduled job (a look that found nothing due counts), by job",
  labelNames: ["job"],
  registers: [jobMetricsRegistry],
});

const failures = new Counter({
  name: "quartermaster_job_failures_total",
  help: "Runs of a scheduled job that failed, by job",
  labelNames: ["job"],
  registers: [jobMetricsRegistry],
});

const lastSuccess = new Gauge({
  name: "quartermaster_job_last_success_timestamp_seconds",
  help: "When a scheduled job last ran without failing (Unix time), by job",
  labelNames: ["job"],
  registers: [jobMetricsRegistry],
});

export type JobOutcome = "success" | "failure";

export function recordJobRun(job: string, outcome: JobOutcome, at = new Date()): void {
  runs.inc({ job });
  // Zero is a value too: a job's failure count exists from its first run, so a rate over it (an
  // alert on any failure) has a series to start from.
  failures.inc({ job }, outcome === "failure" ? 1 : 0);
  if (outcome === "success") lastSuccess.set({ job }, at.getTime() / 1000);
}
