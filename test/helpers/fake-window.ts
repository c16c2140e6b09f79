// Windows that post to each other as browsers do, for a view and its host in one process:
// each message is cloned (`structuredClone`, as `postMessage` does) and arrives as a `message`
// event whose `source` is the window it came from.

/** A window: it hears `message` events, and what is posted to it comes from its `peer`. */
export class FakeWindow extends EventTarget {
  /** The window that posts to this one: `postMessage` delivers as coming from it. */
  peer: FakeWindow | undefined;

  constructor(readonly name = 'window') {
    super();
  }

  /** Posts `message` to this window, as its peer does. */
  postMessage(message: unknown): void {
    this.deliver(message, this.peer);
  }

  /** Posts `message` to this window as coming from `from` (any window, a stranger's too). */
  deliver(message: unknown, from: unknown): void {
    const event = new Event('message') as Event & { data: unknown; source: unknown };
    event.data = structuredClone(message);
    event.source = from;
    this.dispatchEvent(event);
  }
}

/** A view's window and its host's, each the other's peer. */
export function windowPair(): { view: FakeWindow; host: FakeWindow } {
  const view = new FakeWindow('view');
  const host = new FakeWindow('host');
  view.peer = host;
  host.peer = view;
  return { view, host };
}
