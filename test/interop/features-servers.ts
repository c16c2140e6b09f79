// The two feature fixtures the scenario (features-scenario.ts) runs against, and where each
// answers differently: everything else they serve (test/helpers/interop-features-data.ts) is the
// same.
import { fixture } from '../helpers/e2e.js';
import { LISTED_RESOURCES } from '../helpers/interop-features.js';

export interface FeatureServer {
  /** What it is, in test names. */
  name: string;
  /** The compiled fixture, run with `node`. */
  script: string;
  info: { name: string; version: string };
  /** `resources/list`, as it lists them. */
  listedResources: Record<string, unknown>[];
  /** Whether a prompt's optional argument is listed with `required: false` rather than without `required`. */
  listsOptionalArguments: boolean;
  /** The error code of `resources/read` for a URI no resource or template matches. */
  unknownUriCode: number;
  /** Whether it sends log messages of every level before the client sets one. */
  logsBeforeLevelSet: boolean;
  /** The error code of `logging/setLevel` with a level that does not exist. */
  invalidLevelCode: number;
  /** How a tool call fails whose handler failed with a protocol error (other than -32042). */
  toolErrors: 'isError result' | 'protocol error';
  /**
   * The reason its handler is given when the client cancels with `reason`; a request to the
   * client that the handler was waiting on is cancelled with the same reason.
   */
  cancelledByPeer(reason: string): string;
}

export const SDK_FEATURE_SERVER: FeatureServer = {
  name: 'an official SDK server',
  script: fixture('interop-features-sdk-server'),
  info: { name: 'features-sdk', version: '1.0.0' },
  // McpServer copies a template's description onto the resources it lists.
  listedResources: LISTED_RESOURCES.map((resource) =>
    resource.uri.startsWith('memo://notes/') ? { ...resource, description: 'A note on a topic' } : resource,
  ),
  listsOptionalArguments: true,
  // 2025-11-25 server/resources.mdx asks for "Resource not found: `-32002`" (-32602 is
  // 2026-07-28's code); McpServer answers a URI nothing matches with -32602.
  unknownUriCode: -32602,
  // Unlike mcpkit's server, McpServer filters nothing until the client sets a level.
  logsBeforeLevelSet: true,
  // 2025-11-25 server/utilities/logging.mdx asks for "Invalid log level: `-32602` (Invalid
  // params)"; McpServer lets the ZodError of its request schema become -32603.
  invalidLevelCode: -32603,
  // McpServer turns any handler error into an isError result whose text is the error's message.
  toolErrors: 'isError result',
  cancelledByPeer: (reason) => reason,
};

export const MCPKIT_FEATURE_SERVER: FeatureServer = {
  name: 'an mcpkit server',
  script: fixture('interop-features-mcpkit-server'),
  info: { name: 'features-mcpkit', version: '1.0.0' },
  listedResources: LISTED_RESOURCES,
  listsOptionalArguments: false,
  // 2025-11-25 server/resources.mdx: "Resource not found: `-32002`".
  unknownUriCode: -32002,
  logsBeforeLevelSet: false,
  // 2025-11-25 server/utilities/logging.mdx: "Invalid log level: `-32602` (Invalid params)".
  invalidLevelCode: -32602,
  toolErrors: 'protocol error',
  cancelledByPeer: (reason) => `Request cancelled by the peer: ${reason}`,
};
