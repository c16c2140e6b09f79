// How the test servers' tools that wait to be cancelled hear it.

/**
 * Resolves once `signal` is aborted (at once if it already is), having first told `onAbort`
 * the reason.
 */
export function whenAborted(signal: AbortSignal, onAbort: (reason: unknown) => void): Promise<void> {
  return new Promise((resolve) => {
    const record = () => {
      onAbort(signal.reason);
      resolve();
    };
    if (signal.aborted) record();
    else signal.addEventListener('abort', record, { once: true });
  });
}
