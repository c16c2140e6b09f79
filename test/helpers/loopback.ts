// The address every server of the tests listens on: 127.0.0.1, on a port the system picks.
import type { AddressInfo, Server } from 'node:net';

/** Starts `server` listening on 127.0.0.1 and a free port; resolves with the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
