/**
 * Logging: the client picks a level per session with `logging/setLevel`; `ctx.log` sends
 * `notifications/message` only at or above it.
 * @module
 */
import type { LoggingLevel } from '../types/logging.js';
import type { ServerFeature } from './feature.js';

export function createLogging(): ServerFeature {
  return {
    handlers: {
      'logging/setLevel': (params, ctx) => {
        ctx.session.logLevel = params.level as LoggingLevel;
        return {};
      },
    },
    // Every handler can log, so every server declares it.
    capabilities: () => ({ logging: {} }),
  };
}
