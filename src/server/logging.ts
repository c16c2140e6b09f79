/**
 * Logging: the client picks a level per session with `logging/setLevel`; `ctx.log` sends
 * `notifications/message` only at or above it.
 * @module
 */
import { LOGGING_LEVELS, type LoggingLevel } from '../types/logging.js';
import type { ServerFeature } from './feature.js';
import { mirrorOf } from './server-session.js';

export function createLogging(): ServerFeature {
  return {
    handlers: {
      'logging/setLevel': (params, ctx) => {
        const level = params.level as LoggingLevel;
        ctx.session.logLevel = level;
        // A fleet's session: any process may serve the next request, so the level is shared first.
        const mirror = mirrorOf(ctx.session);
        return mirror ? mirror.logLevel(level).then(() => ({})) : {};
      },
    },
    // Every handler can log, so every server declares it.
    capabilities: () => ({ logging: {} }),
  };
}

/** Whether a message at `level` passes a threshold of `threshold`. */
export function levelPasses(level: LoggingLevel, threshold: LoggingLevel | undefined): boolean {
  return threshold !== undefined && LOGGING_LEVELS.indexOf(level) >= LOGGING_LEVELS.indexOf(threshold);
}
