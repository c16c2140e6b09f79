// Lets the benchmark read a server's memory: a server started with an IPC channel and
// `--expose-gc` answers the message 'memory' with its usage after two full collections.
// The channel is unref'd so it never keeps a server alive.

export interface MemoryReading {
  rss: number;
  heapUsed: number;
  external: number;
}

export function answerMemoryProbes(): void {
  const send = process.send?.bind(process);
  if (send === undefined) return;
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (message) => {
    if (message !== 'memory') return;
    gc?.();
    gc?.();
    const { rss, heapUsed, external } = process.memoryUsage();
    send({ rss, heapUsed, external } satisfies MemoryReading);
  });
  process.channel?.unref();
}
