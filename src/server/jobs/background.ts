// Work an answer must not wait for, because its time would tell what it did: whether an address
// has an account shows in how long a password reset or a new code takes when one is mailed. The
// route answers at once and the work goes on here; a failure is logged, never lost. Closing the
// server waits for what is still running, and tests wait for it before they read the mail.
export interface Background {
  run(what: string, work: () => Promise<void>): void;
  /** Resolves once nothing runs. */
  idle(): Promise<void>;
}

export function openBackground(log: (error: unknown, what: string) => void): Background {
  const running = new Set<Promise<void>>();
  return {
    run(what, work) {
      // Begun once the answer is out: started at once, its first lookup ran before the answer was
      // written (on PGlite, in the same thread), and forgot-password for an address with an
      // account took measurably longer than for one without (scripts/bench-accounts.ts measures how
      // well the times tell them apart).
      const done: Promise<void> = new Promise((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log(error, `${what} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
