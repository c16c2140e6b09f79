// What every benchmark HTTP server shares: its mode from the command line, listening on a free
// loopback port, and telling the driver where it listens (one JSON line on stdout).
import type { Server as NodeHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerProbes } from './probes.js';

/** 'session': 2025-11-25 sessions; 'modern': 2026-07-28 requests. */
export type HttpMode = 'session' | 'modern';

/** `--mode session|modern`; servers that serve both on one endpoint ignore it. */
export function httpModeFromArgs(argv: readonly string[]): HttpMode {
  const at = argv.indexOf('--mode');
  const mode = at === -1 ? 'session' : argv[at + 1];
  if (mode !== 'session' && mode !== 'modern') throw new Error(`--mode wants session or modern, got ${mode}`);
  return mode;
}

/** Listens on 127.0.0.1 and a free port, and returns the MCP endpoint's URL. */
export async function listenOnLoopback(httpServer: NodeHttpServer): Promise<string> {
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`;
}

/**
 * Tells the driver the endpoint's URL (and the access token to send, for a server that needs
 * one; and the URL of the same server without authorization, when it serves one beside it) and
 * starts answering its memory probes.
 */
export function announce(url: string, token?: string, plainUrl?: string): void {
  answerProbes();
  process.stdout.write(JSON.stringify({ url, token, plainUrl }) + '\n');
}
