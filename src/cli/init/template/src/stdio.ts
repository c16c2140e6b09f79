/**
 * The server over stdio: the way Claude Desktop, Cursor and VS Code start it, one process per
 * session. Only JSON-RPC goes to stdout; anything else (logs) must go to stderr.
 */
import { StdioServerTransport } from 'mcpkit/stdio';
import { createServer } from './server.js';

const session = await createServer().connect(new StdioServerTransport());
if (process.stdin.isTTY) console.error('Serving MCP on stdin and stdout. Ctrl-D or Ctrl-C ends it.');
await session.finished;
