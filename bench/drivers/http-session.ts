// Opens a 2025-11-25 session on a Streamable HTTP endpoint the way a client does: initialize,
// then notifications/initialized with the session id it got.
import { CLIENT_INFO } from '../workload.js';
import { LEGACY_VERSION } from './line-client.js';

const ACCEPT = 'application/json, text/event-stream';

export async function openHttpSession(url: string, token?: string): Promise<string> {
  const authorization: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
  const initialize = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...authorization },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: CLIENT_INFO },
    }),
  });
  const body = await initialize.text();
  const sessionId = initialize.headers.get('mcp-session-id');
  if (initialize.status !== 200 || sessionId === null || !body.includes(`"protocolVersion":"${LEGACY_VERSION}"`)) {
    throw new Error(`initialize over HTTP failed: ${initialize.status} ${body.slice(0, 300)}`);
  }
  const initialized = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: ACCEPT,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': LEGACY_VERSION,
      ...authorization,
    },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  await initialized.text();
  if (initialized.status !== 202) throw new Error(`notifications/initialized over HTTP got ${initialized.status}`);
  return sessionId;
}
