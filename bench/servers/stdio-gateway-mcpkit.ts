// The gateway (`mcpkit/host`'s Gateway, as `mcpkit serve` runs it) over stdio, in front of the
// mcpkit workload server over stdio (its bundle beside this one), named `w`: its tools are
// offered as `w__echo`, `w__add`, ... The benchmark's client calls it as it calls the server.
import { fileURLToPath } from 'node:url';
import { Gateway } from 'mcpkit/host';
import { StdioServerTransport } from 'mcpkit/stdio';

const upstream = fileURLToPath(new URL('./stdio-mcpkit.mjs', import.meta.url));
const gateway = new Gateway({
  servers: { w: { type: 'stdio', command: process.execPath, args: [upstream] } },
  eraCache: false,
});
await gateway.start();
const session = await gateway.server.connect(new StdioServerTransport());
await session.finished;
await gateway.close();
