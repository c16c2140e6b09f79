// The transport contract over HTTP: Streamable HTTP through the fetch handler directly (no
// socket) and over a real socket, and the 2024-11-05 HTTP+SSE transport over a socket.
import { createStreamableHttpHandler, SseClientTransport, StreamableHttpClientTransport } from '../../src/http/index.js';
import { listen } from '../../src/node/index.js';
import { HANDSHAKE, runTransportContract } from './transport-contract.js';

runTransportContract({
  name: 'Streamable HTTP, fetch handler without a socket',
  async connect(server, client) {
    const handler = createStreamableHttpHandler(server);
    const fetch = (input: string | URL | Request, init?: RequestInit) => handler(new Request(input, init));
    const session = await client.connect(new StreamableHttpClientTransport({ url: 'http://localhost/mcp', fetch }), HANDSHAKE);
    return { session, dispose: () => handler.close() };
  },
});

runTransportContract({
  name: 'Streamable HTTP over a socket',
  async connect(server, client) {
    const http = await listen(server);
    const session = await client.connect(new StreamableHttpClientTransport({ url: http.url }), HANDSHAKE);
    return { session, dispose: () => http.close() };
  },
});

runTransportContract({
  name: 'HTTP+SSE (2024-11-05) over a socket',
  async connect(server, client) {
    const http = await listen(server, { legacySse: true });
    const session = await client.connect(new SseClientTransport({ url: new URL('/sse', http.url).href }), HANDSHAKE);
    return { session, dispose: () => http.close() };
  },
});
