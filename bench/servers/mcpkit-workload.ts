// The benchmark workload served by mcpkit as published (the bundles in dist/, which
// `npm run bench` builds), as its documentation recommends: one `Server`, tools with plain
// JSON Schema (validated), one resource, one prompt.
import { Server } from 'mcpkit/server';
import {
  ADD_INPUT_SCHEMA,
  ECHO_INPUT_SCHEMA,
  PROMPT,
  RESOURCE,
  SERVER_INFO,
  TRIVIAL_INPUT_SCHEMA,
  trivialToolCount,
  trivialToolName,
} from '../workload.js';

export function mcpkitServer(toolCount: number): Server {
  const server = new Server(SERVER_INFO);
  server.tool('echo', { description: 'Echoes the text', inputSchema: ECHO_INPUT_SCHEMA }, ({ text }) => ({
    content: [{ type: 'text', text: String(text) }],
  }));
  if (toolCount >= 2) {
    server.tool('add', { description: 'Adds two numbers', inputSchema: ADD_INPUT_SCHEMA }, ({ a, b }) => ({
      content: [{ type: 'text', text: String(Number(a) + Number(b)) }],
    }));
  }
  for (let i = 0; i < trivialToolCount(toolCount); i++) {
    server.tool(trivialToolName(i), { description: `Trivial tool ${i}`, inputSchema: TRIVIAL_INPUT_SCHEMA }, () => ({
      content: [{ type: 'text', text: 'ok' }],
    }));
  }
  server.resource(RESOURCE.uri, { name: RESOURCE.name, mimeType: RESOURCE.mimeType }, () => RESOURCE.text);
  server.prompt(PROMPT.name, { description: PROMPT.description }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: PROMPT.text } }],
  }));
  return server;
}
