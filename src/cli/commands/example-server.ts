/** `mcpkit example-server`: the example server over stdio, until the client ends stdin. */
import { StdioServerTransport } from '../../node/stdio-server.js';
import { createEverythingServer } from '../../../examples/everything/server.js';
import { UsageError } from '../server-target.js';

export async function runExampleServer(args: string[]): Promise<number> {
  if (args.length > 0) throw new UsageError(`example-server takes no arguments, got ${args.join(' ')}`);
  const server = createEverythingServer();
  const session = await server.connect(new StdioServerTransport());
  await session.finished;
  return 0;
}
