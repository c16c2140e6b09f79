// Lets the benchmark read a server from outside: a server started with an IPC channel answers
// 'memory' with its usage after two full collections (it runs with `--expose-gc`), and 'cpu'
// with the processor time it has used. The channel is unref'd so it never keeps a server alive.

export interface MemoryReading {
  rss: number;
  heapUsed: number;
  external: number;
}

/** User and system processor time since the process started, in microseconds. */
export interface CpuReading {
  user: number;
  system: number;
}

export function answerProbes(): void {
  const send = process.send?.bind(process);
  if (send === undefined) return;
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (message) => {
    if (message === 'cpu') {
      send(process.cpuUsage() satisfies CpuReading);
    } else if (message === 'memory') {
      gc?.();
      gc?.();
      const { rss, heapUsed, external } = process.memoryUsage();
      send({ rss, heapUsed, external } satisfies MemoryReading);
    }
  });
  process.channel?.unref();
}
