/**
 * The README of a new project: what it is, its commands, and how Claude Desktop, Cursor and VS
 * Code start it (each one's configuration file and its shape), with this project's path filled in.
 * @module
 */
import { join } from 'node:path';
import type { Project } from './project-files.js';

/** The README of `project`, in Markdown. */
export function projectReadme(project: Project): string {
  const entry = join(project.dir, 'dist', 'src', 'stdio.js');
  // The key clients show the server under: a scoped package's name without its scope.
  const key = project.name.replace(/^@[^/]+\//, '');
  const stdio = { command: 'node', args: [entry] };
  const mcpServers = json({ mcpServers: { [key]: stdio } });
  const vscode = json({ servers: { [key]: { type: 'stdio', ...stdio } } });
  return `# ${project.name}

An MCP (Model Context Protocol) server made with [mcpkit](https://www.npmjs.com/package/mcpkit):
one tool, \`greet\`, and one resource, \`info://about\`. It is served over stdio (how desktop apps
and editors start a server) and over Streamable HTTP.

## Commands

\`\`\`sh
npm install
npm test            # compiles with tsc, then runs test/ with Node's test runner
npm start           # the server over stdio (built by npm test or npm run build)
npm run start:http  # over Streamable HTTP at http://127.0.0.1:3000/mcp (PORT=8080 for another port)
npm run inspect     # builds, then opens it in mcpkit's web inspector (prints the URL to open)
npm run build       # compiles src/ and test/ into dist/
\`\`\`

From a shell, \`mcpkit\` lists and calls what it offers:

\`\`\`sh
npx mcpkit list -- node dist/src/stdio.js
npx mcpkit call greet name=Ada -- node dist/src/stdio.js
\`\`\`

## Files

| file                  | what it is                                                            |
| --------------------- | --------------------------------------------------------------------- |
| \`src/server.ts\`       | the server, its tools and resources: add yours here                   |
| \`src/stdio.ts\`        | the server over stdio; only JSON-RPC may go to stdout, logs to stderr |
| \`src/http.ts\`         | the server over Streamable HTTP, on 127.0.0.1                         |
| \`test/server.test.ts\` | tests that connect a client to the server in memory                   |

## Use it from an MCP client

Build it first (\`npm run build\`): a client starts the built server itself, with Node.js
(20.19 or newer) and the path of \`dist/src/stdio.js\`. The paths below are this folder's as
it was made; change them if you move it. Restart the client (or reload its servers) after
changing its configuration.

### Claude Desktop

Its configuration is \`claude_desktop_config.json\` (Settings, Developer, Edit Config opens it):
\`~/Library/Application Support/Claude/claude_desktop_config.json\` on macOS,
\`%APPDATA%\\Claude\\claude_desktop_config.json\` on Windows. Add the server to \`mcpServers\`:

\`\`\`json
${mcpServers}
\`\`\`

### Cursor

\`.cursor/mcp.json\` in a project (for that project) or \`~/.cursor/mcp.json\` (for every
project), in the same shape:

\`\`\`json
${mcpServers}
\`\`\`

### VS Code

\`.vscode/mcp.json\` in a workspace (or the command MCP: Open User Configuration, for every
workspace). Its servers are under \`servers\`, each with its \`type\`:

\`\`\`json
${vscode}
\`\`\`

### Over HTTP

With \`npm run start:http\` running, a client that takes a URL connects to
\`http://127.0.0.1:3000/mcp\`: in VS Code \`{ "type": "http", "url": "http://127.0.0.1:3000/mcp" }\`,
in Cursor \`{ "url": "http://127.0.0.1:3000/mcp" }\`. It answers only this machine.
`;
}

function json(value: object): string {
  return JSON.stringify(value, null, 2);
}
