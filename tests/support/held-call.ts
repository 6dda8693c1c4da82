// A call held in a test until the test lets it go, to act while it runs (a second import, the
// progress, a page of an export): the held code awaits `pass()`, which marks it started and waits
// for `release()`; the test awaits `started`.
export function heldCall() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered!: () => void;
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  return {
    started,
    release,
    /** Inside the held code: says it has started, then waits for release(). */
    async pass() {
      entered();
      await released;
    },
  };
}
