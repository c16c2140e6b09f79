/**
 * Guards for client and server capabilities. Capability objects are open: unknown members pass.
 * @module
 */
import { anyObject, bool, obj, record, type Guard } from './kit.js';

const extensionMap = record(anyObject);

const clientTasks = obj(
  {},
  {
    list: anyObject,
    cancel: anyObject,
    requests: obj(
      {},
      {
        sampling: obj({}, { createMessage: anyObject }),
        elicitation: obj({}, { create: anyObject }),
      },
    ),
  },
);

const serverTasks = obj(
  {},
  {
    list: anyObject,
    cancel: anyObject,
    requests: obj({}, { tools: obj({}, { call: anyObject }) }),
  },
);

/** `ClientCapabilities`. */
export const clientCapabilities: Guard = obj(
  {},
  {
    experimental: extensionMap,
    extensions: extensionMap,
    roots: obj({}, { listChanged: bool }),
    sampling: obj({}, { context: anyObject, tools: anyObject }),
    elicitation: obj({}, { form: anyObject, url: anyObject }),
    tasks: clientTasks,
  },
);

/** `ServerCapabilities`. */
export const serverCapabilities: Guard = obj(
  {},
  {
    experimental: extensionMap,
    extensions: extensionMap,
    logging: anyObject,
    completions: anyObject,
    prompts: obj({}, { listChanged: bool }),
    resources: obj({}, { subscribe: bool, listChanged: bool }),
    tools: obj({}, { listChanged: bool }),
    tasks: serverTasks,
  },
);
