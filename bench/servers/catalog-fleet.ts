// A fleet of servers for the catalog figure: one process serving `--servers N` mcpkit servers of
// `--tools T` tools each, every one on its own loopback port (as N servers would be), over
// Streamable HTTP. Its first stdout line is {"urls": [...]}; it ends with its stdin.
import { listen } from 'mcpkit/node';
import { mcpkitServer } from './mcpkit-workload.js';

function count(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} wants a positive whole number`);
  return value;
}

const servers = count('--servers', 50);
const tools = count('--tools', 100);
const urls: string[] = [];
for (let i = 0; i < servers; i++) urls.push((await listen(mcpkitServer(tools), { port: 0 })).url);
process.stdout.write(`${JSON.stringify({ urls })}\n`);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
