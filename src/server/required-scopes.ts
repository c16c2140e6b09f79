/**
 * The scopes a server's registered tools, resources, templates and prompts ask for: those an
 * access token must grant for one request, known before anything runs so the HTTP endpoint can
 * answer 403 with them, and all of them at once, for the metadata that lists them.
 * @module
 */
import { NO_SCOPES } from '../auth/server/scopes.js';
import type { PromptRegistry } from './prompts.js';
import type { ResourceRegistry } from './resources.js';
import type { ToolRegistry } from './tools.js';

/** The registries whose items declare scopes. */
export interface ScopedFeatures {
  readonly tools: ToolRegistry;
  readonly resources: ResourceRegistry;
  readonly prompts: PromptRegistry;
}

/** What `Server.requiredScopes` answers: none for what is not registered, which then fails as it would anyway. */
export function requiredScopes(
  { tools, resources, prompts }: ScopedFeatures,
  method: string,
  params: Record<string, unknown> | undefined,
): readonly string[] {
  switch (method) {
    case 'tools/call':
      return tools.scopesFor(params?.name);
    case 'resources/read':
    case 'resources/subscribe':
      return resources.scopesFor(params?.uri);
    case 'subscriptions/listen': {
      const uris = (params?.notifications as { resourceSubscriptions?: unknown } | undefined)?.resourceSubscriptions;
      if (!Array.isArray(uris) || uris.length === 0) return NO_SCOPES;
      return [...new Set(uris.flatMap((uri) => resources.scopesFor(uri)))];
    }
    case 'prompts/get':
      return prompts.scopesFor(params?.name);
    case 'completion/complete': {
      const ref = params?.ref as { type?: unknown; name?: unknown; uri?: unknown } | undefined;
      if (ref?.type === 'ref/prompt') return prompts.scopesFor(ref.name);
      if (ref?.type === 'ref/resource') return resources.templateScopes(ref.uri);
      return NO_SCOPES;
    }
    default:
      return NO_SCOPES;
  }
}

/** Every scope a registered item asks for, once each. */
export function scopesInUse({ tools, resources, prompts }: ScopedFeatures): readonly string[] {
  return [...new Set([...tools.scopesInUse(), ...resources.scopesInUse(), ...prompts.scopesInUse()])];
}
