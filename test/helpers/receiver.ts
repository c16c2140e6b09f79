// A receiver for a transport a test drives by hand, as a scripted peer: it hands each inbound
// message to one function.
import type { TransportReceiver } from '../../src/jsonrpc/transport.js';

/** Hands each inbound message to `onMessage`; errors and the close are of no interest to a scripted peer. */
export function messageReceiver(onMessage: (message: unknown) => void): TransportReceiver {
  return { onTransportMessage: onMessage, onTransportError: () => {}, onTransportClose: () => {} };
}
