/** `mcpkit example-server`: the example server over stdio. */
import { StdioServerTransport } from '../../node/stdio-server.js';
import { createExampleServer } from '../example-server.js';
import { UsageError } from '../server-target.js';

export async function runExampleServer(args: string[]): Promise<number> {
  if (args.length > 0) throw new UsageError(`example-server takes no arguments, got ${args.join(' ')}`);
  const server = createExampleServer();
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    const previous = transport.onclose;
    transport.onclose = (error) => {
      previous?.(error);
      resolve();
    };
  });
  await server.connect(transport);
  await closed;
  return 0;
}
