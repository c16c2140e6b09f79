/**
 * `tapTransport`: a transport that tells of every value it carries, both ways, as it goes by:
 * what a recording of the wire (`recordWire`) and an inspector's network view are made of.
 * The values pass through unchanged.
 * @module
 */
import type { Transport, TransportReceiver } from './transport.js';

/** Told of each value a tapped transport sends or delivers: a message, a batch, or something malformed. */
export type WireTap = (direction: 'sent' | 'received', value: unknown) => void;

/**
 * Taps `transport` in place, so it keeps its type and whatever else it offers; returns it. Tap
 * it before it starts (before `connect`), or what it delivers first is missed.
 */
export function tapTransport<T extends Transport>(transport: T, tap: WireTap): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    tap('sent', message);
    return send(message, options);
  };
  const start = transport.start.bind(transport);
  transport.start = (receiver) => start(tapped(receiver, (value) => tap('received', value)));
  return transport;
}

/**
 * `receiver`, with `onValue` told of each value first. The optional members stay optional:
 * a transport treats a receiver without `onTransportEnd` differently.
 */
function tapped(receiver: TransportReceiver, onValue: (value: unknown) => void): TransportReceiver {
  const tap: TransportReceiver = {
    onTransportMessage: (message, info) => {
      onValue(message);
      receiver.onTransportMessage(message, info);
    },
    onTransportError: (error) => receiver.onTransportError(error),
    onTransportClose: (error) => receiver.onTransportClose(error),
  };
  if (receiver.onTransportEnd) tap.onTransportEnd = () => receiver.onTransportEnd?.();
  if (receiver.onTransportHold) tap.onTransportHold = (id, held) => receiver.onTransportHold?.(id, held);
  return tap;
}
