// The transport contract over HTTP: Streamable HTTP through the fetch handler directly (no
// socket) and over a real socket, in both eras, and the 2024-11-05 HTTP+SSE transport over a
// socket, in the legacy era only: 2026-07-28 binds only stdio and Streamable HTTP
// (basic/transports), and lists HTTP+SSE as deprecated.
import {
  createStreamableHttpHandler,
  LegacySseClientTransport,
  StreamableHttpClientTransport,
} from '../../src/http/index.js';
import { listen } from '../../src/node/index.js';
import { runTransportContract } from './transport-contract.js';

runTransportContract({
  name: 'Streamable HTTP, fetch handler without a socket',
  streamableHttp: true,
  async connect(server, client, options) {
    const handler = createStreamableHttpHandler(server);
    const fetch = (input: string | URL | Request, init?: RequestInit) => handler(new Request(input, init));
    const session = await client.connect(
      new StreamableHttpClientTransport({ url: 'http://localhost/mcp', fetch }),
      options,
    );
    return { session, dispose: () => handler.close() };
  },
});

runTransportContract({
  name: 'Streamable HTTP over a socket',
  streamableHttp: true,
  async connect(server, client, options) {
    const http = await listen(server);
    const session = await client.connect(new StreamableHttpClientTransport({ url: http.url }), options);
    return { session, dispose: () => http.close() };
  },
});

runTransportContract({
  name: 'HTTP+SSE (2024-11-05) over a socket',
  eras: ['2025-11-25'],
  async connect(server, client, options) {
    const http = await listen(server, { legacySse: true });
    const session = await client.connect(
      new LegacySseClientTransport({ url: new URL('/sse', http.url).href }),
      options,
    );
    return { session, dispose: () => http.close() };
  },
});
