// How often the health check writes, and what it last found. A write costs the database a little
// (a temporary table's catalog rows and a flushed commit), so polls every few seconds from a load
// balancer, a container engine and a monitor write at most once per WRITE_CHECK_EVERY_MS between
// them; a refusal is looked at again sooner, so a freed disk is seen within seconds.

export const WRITE_CHECK_EVERY_MS = 30_000;
export const WRITE_RECHECK_AFTER_REFUSAL_MS = 5_000;

export type WriteState =
  | { writable: true; checkedAt: Date }
  | { writable: false; reason: string; checkedAt: Date };

export class WriteCheck {
  private state: WriteState | undefined;

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** The last result while it is fresh enough to answer with; undefined when a write is due. */
  fresh(): WriteState | undefined {
    if (!this.state) return undefined;
    const age = this.now().getTime() - this.state.checkedAt.getTime();
    const lasts = this.state.writable ? WRITE_CHECK_EVERY_MS : WRITE_RECHECK_AFTER_REFUSAL_MS;
    return age < lasts ? this.state : undefined;
  }

  written(): WriteState {
    this.state = { writable: true, checkedAt: this.now() };
    return this.state;
  }

  /** A write was refused, by the check or by any request: health says so at once. */
  refused(reason: string): WriteState {
    this.state = { writable: false, reason, checkedAt: this.now() };
    return this.state;
  }
}
