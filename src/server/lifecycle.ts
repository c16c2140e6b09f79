/**
 * How a server introduces itself: `initialize` answers a legacy client's handshake,
 * `server/discover` a modern client's probe. A feature like the others, so the server plugs it
 * in as it does tools or prompts; it declares no capability of its own.
 * @module
 */
import { handshakeNotServed } from '../protocol/errors.js';
import { acceptInitialize } from '../protocol/handshake.js';
import { shapeForRevision } from '../protocol/revision-shape.js';
import { sessionAccess } from '../protocol/session.js';
import { isLegacyVersion, type ProtocolVersion } from '../protocol/versions.js';
import type { Implementation } from '../types/base.js';
import type { ServerFeature } from './feature.js';
import type { ServerOptions } from './server-options.js';

/** The lifecycle of a server named `info` that serves the revisions `served`, of either era. */
export function createLifecycle(
  info: Implementation,
  served: readonly ProtocolVersion[],
  options: Pick<ServerOptions, 'instructions'>,
): ServerFeature {
  const legacyVersions = served.filter(isLegacyVersion);
  return {
    handlers: {
      initialize: (params, ctx) => {
        // Legacy clients cannot fall forward: the error is all they can show their user.
        if (legacyVersions.length === 0) throw handshakeNotServed(served, params.protocolVersion);
        return acceptInitialize(ctx.session, params, {
          serverInfo: info,
          capabilities: sessionAccess.declaredCapabilities(ctx.session),
          ...(options.instructions !== undefined && { instructions: options.instructions }),
          versions: legacyVersions,
        });
      },
      'server/discover': (_params, ctx) => {
        const result: Record<string, unknown> = {
          supportedVersions: [...served],
          capabilities: shapeForRevision(
            'ServerCapabilities',
            sessionAccess.declaredCapabilities(ctx.session),
            ctx.protocolVersion,
          ),
        };
        if (options.instructions !== undefined) result.instructions = options.instructions;
        return result;
      },
    },
    capabilities: () => ({}),
  };
}
