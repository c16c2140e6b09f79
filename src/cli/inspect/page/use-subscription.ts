/**
 * Subscribing to a resource's updates, as the server's era has it: `resources/subscribe` and
 * `resources/unsubscribe` where the server declares `resources.subscribe` (2025-11-25), or a
 * `subscriptions/listen` stream naming the resource (2026-07-28), kept open as a named call and
 * closed by cancelling it. Unsubscribes when the view goes.
 * @module
 */
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { InspectorContext } from './context.js';

export interface Subscription {
  /** Whether the server lets a client subscribe. */
  offered: boolean;
  subscribed: boolean;
  toggle: () => void;
  error?: string;
}

let calls = 0;

export function useSubscription(server: ServerState, uri: string): Subscription {
  const { api } = useContext(InspectorContext);
  const [subscribed, setSubscribed] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const listening = useRef<string | undefined>(undefined);
  const stateless = server.info?.era === 'stateless';
  const resources = server.info?.capabilities.resources as { subscribe?: boolean } | undefined;
  const offered = resources?.subscribe === true;
  const stop = () => {
    if (stateless) {
      if (listening.current !== undefined) void api.command('cancel', { call: listening.current }).catch(() => {});
      listening.current = undefined;
      return Promise.resolve();
    }
    return api.command('request', { server: server.id, method: 'resources/unsubscribe', params: { uri } });
  };
  const start = () => {
    if (!stateless)
      return api.command('request', { server: server.id, method: 'resources/subscribe', params: { uri } });
    const call = `subscribe-${++calls}`;
    listening.current = call;
    const params = { notifications: { resourceSubscriptions: [uri] } };
    void api
      .command('request', { server: server.id, method: 'subscriptions/listen', params, call })
      .catch((e: Error) => {
        if (listening.current === call) setError(e.message);
      });
    return Promise.resolve();
  };
  const toggle = () => {
    setError(undefined);
    (subscribed ? stop() : start()).then(() => setSubscribed(!subscribed)).catch((e: Error) => setError(e.message));
  };
  const live = useRef({ subscribed, stop });
  live.current = { subscribed, stop };
  useEffect(
    () => () => {
      if (live.current.subscribed) void live.current.stop().catch(() => {});
    },
    [],
  );
  return { offered, subscribed, toggle, ...(error !== undefined ? { error } : {}) };
}
