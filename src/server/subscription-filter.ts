/**
 * What a server agrees to send on a `subscriptions/listen` stream: the part of the client's
 * filter that its declared capabilities back.
 * @module
 */
import { hasCapability } from '../protocol/methods.js';
import type { SubscriptionFilter } from '../types/subscriptions.js';
import { ABSOLUTE_URI } from './resources.js';

/**
 * The acknowledged filter: each list the client asked about whose capability declares
 * `listChanged`, and the resource URIs it asked about (absolute ones, once each) when
 * `resources.subscribe` is declared. What the server cannot honour is left out, as the spec
 * requires, rather than refused: the client compares and decides.
 */
export function acknowledgedFilter(
  requested: SubscriptionFilter,
  capabilities: Record<string, unknown>,
): SubscriptionFilter {
  const filter: SubscriptionFilter = {};
  if (requested.toolsListChanged === true && hasCapability(capabilities, 'tools.listChanged'))
    filter.toolsListChanged = true;
  if (requested.promptsListChanged === true && hasCapability(capabilities, 'prompts.listChanged'))
    filter.promptsListChanged = true;
  if (requested.resourcesListChanged === true && hasCapability(capabilities, 'resources.listChanged'))
    filter.resourcesListChanged = true;
  if (requested.resourceSubscriptions && hasCapability(capabilities, 'resources.subscribe')) {
    const uris = [...new Set(requested.resourceSubscriptions.filter((uri) => ABSOLUTE_URI.test(uri)))];
    if (uris.length > 0) filter.resourceSubscriptions = uris;
  }
  return filter;
}
