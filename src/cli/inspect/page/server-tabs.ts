/**
 * What a server's view offers, pure: its tabs (Tools, Resources, Prompts and Tasks where its
 * capabilities offer them, Skills where it declares the extension, Network and Logs always,
 * Auth once it asked for authorization) and the icon it may show (a base64 `data:` image only:
 * the page fetches nothing a server names).
 * @module
 */
import type { ServerState } from '../protocol.js';
import type { Tab } from './tabs.js';
import { taskSupport } from './tasks-model.js';

/** The Skills extension, under `capabilities.extensions`. */
const SKILLS = 'io.modelcontextprotocol/skills';

/** The tabs `server` offers, in order. */
export function serverTabs(server: ServerState): Tab[] {
  const caps = server.info?.capabilities ?? {};
  return [
    ...(caps.tools !== undefined ? [{ id: 'tools', label: 'Tools' }] : []),
    ...(caps.resources !== undefined ? [{ id: 'resources', label: 'Resources' }] : []),
    ...(caps.prompts !== undefined ? [{ id: 'prompts', label: 'Prompts' }] : []),
    ...(taskSupport(server) !== undefined ? [{ id: 'tasks', label: 'Tasks' }] : []),
    ...(hasSkills(caps) ? [{ id: 'skills', label: 'Skills' }] : []),
    { id: 'network', label: 'Network' },
    { id: 'logs', label: 'Logs' },
    ...(server.auth !== undefined ? [{ id: 'auth', label: 'Auth' }] : []),
  ];
}

/** The server declared the Skills extension. */
function hasSkills(caps: Record<string, unknown>): boolean {
  const extensions = caps.extensions;
  return typeof extensions === 'object' && extensions !== null && SKILLS in extensions;
}

/** An icon given as a base64 `data:` URI of an image; any other source is not fetched. */
export function dataIcon(icon: unknown): { mime: string; data: string } | undefined {
  const src = (icon as { src?: unknown } | null)?.src;
  if (typeof src !== 'string') return undefined;
  const match = /^data:(image\/[A-Za-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]+)$/.exec(src);
  return match === null ? undefined : { mime: match[1]!, data: match[2]! };
}
