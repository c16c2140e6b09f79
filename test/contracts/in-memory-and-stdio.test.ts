// The transport contract over the in-memory pair and over stdio with a real child process, in both
// eras.
import { fileURLToPath } from 'node:url';
import { createInMemoryPair } from '../../src/testing/index.js';
import { CommandTransport } from '../../src/node/index.js';
import { runTransportContract } from './transport-contract.js';

runTransportContract({
  name: 'in-memory pair',
  async connect(server, client, options) {
    const [a, b] = createInMemoryPair();
    await server.connect(a);
    return { session: await client.connect(b, options) };
  },
});

const contractServerProcess = fileURLToPath(new URL('../fixtures/contract-stdio-server.js', import.meta.url));

runTransportContract({
  name: 'stdio (child process)',
  async connect(_server, client, options) {
    // The server runs in the child; the one given is not used.
    const transport = new CommandTransport({
      command: process.execPath,
      args: [contractServerProcess],
      stderr: 'inherit',
    });
    return { session: await client.connect(transport, options) };
  },
});
