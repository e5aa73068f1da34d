/**
 * Calls `run` at once, then at most once per `ms` while calls keep coming (the last call of a burst is never lost).
 * `cancel` drops a pending call.
 */
export function coalesce(run: () => void, ms: number): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let again = false;
  const tick = () => {
    if (!again) {
      timer = undefined;
      return;
    }
    again = false;
    run();
    timer = setTimeout(tick, ms);
  };
  return {
    call() {
      if (timer) {
        again = true;
        return;
      }
      run();
      timer = setTimeout(tick, ms);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      again = false;
    },
  };
}
