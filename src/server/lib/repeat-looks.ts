// The background jobs' clock (hosting refresh, workspace sync, reminder passes, activity prune):
// a first look a while after start, so a fleet restarting together does not all ask at once,
// then the next one a fixed time after each look has ended, so a slow look is never stacked
// behind itself. The timers never keep the process alive. What a look does, and whether it runs
// once across instances, is the job's own (its lease or lock).

export interface LookTimes {
  firstAfterMs: number;
  everyMs: number;
  /** What a look threw (the jobs' looks catch their own; this is the net under them). */
  onError: (error: unknown) => void;
}

/** Starts the looks; returns the function that stops them (a look under way finishes). */
export function repeatLooks(look: () => Promise<void>, times: LookTimes): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const next = (ms: number) => {
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = async () => {
    try {
      await look();
    } catch (error) {
      times.onError(error);
    }
    if (!stopped) next(times.everyMs);
  };
  next(times.firstAfterMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
