/**
 * `mcpPlugin`: a `Server` served inside a Fastify 5 app. Fastify's `request.raw` and
 * `reply.raw` are `node:http`'s own, so the reply is taken over (`reply.hijack()`) and the
 * Node front answers on it. Fastify is named by types only: nothing of it is loaded from here.
 * @module
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Server } from '../server/server.js';
import { mountEndpoints, pathOf, type MountOptions } from '../http/server/mount.js';
import { serveNode } from '../node/http.js';

/** Options of {@link mcpPlugin}: the `Server`, and where and how it is served. */
export interface McpPluginOptions extends MountOptions {
  /** The server to serve: one endpoint, its sessions closed when the app closes. */
  server: Server;
}

/** What Fastify itself reads from a plugin's options; not the endpoint's. */
const FASTIFY_OPTIONS = ['prefix', 'logLevel', 'logSerializers'] as const;

/**
 * Serves `options.server` at `options.path` (default `/mcp`): `app.register(mcpPlugin,
 * { server })`. Paths are from the root of the app; under a `prefix` each must start with it,
 * and with `auth` the Protected Resource Metadata's well-known path must too, so register it
 * without one. Inside the plugin the request body is left unread by Fastify's parsers: the
 * endpoint reads it within `maxBodyBytes` and answers bad JSON with a JSON-RPC parse error, as
 * `listen` does; the app's other routes keep their parsers. Sessions end when the app closes.
 */
export const mcpPlugin: FastifyPluginAsync<McpPluginOptions> = async (app, options) => {
  const { server, ...rest } = options;
  const mountOptions: MountOptions & Record<string, unknown> = { ...rest };
  for (const key of FASTIFY_OPTIONS) delete mountOptions[key];
  const mount = mountEndpoints(server, mountOptions);
  const listenerOptions = options.onError ? { onError: options.onError } : {};
  // In this plugin's context only: the body stays in the request for the endpoint to read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  app.addHook('preClose', async () => mount.close());
  const handler = (request: FastifyRequest, reply: FastifyReply): void => {
    reply.hijack();
    const raw = request.raw;
    const core = mount.route(pathOf(raw.url ?? request.url), request.method.toUpperCase());
    if (!core) return void reply.raw.writeHead(404).end();
    // A body something else parsed (a parser of the app's own, before this plugin's) is used as is.
    serveNode(core, raw, reply.raw, listenerOptions, request.body === undefined ? undefined : { body: request.body });
  };
  for (const path of mount.paths) {
    if (!path.startsWith(app.prefix))
      throw new TypeError(
        `mcpPlugin: ${path} is outside the prefix ${app.prefix}: paths are from the root of the app ` +
          '(give path with the prefix, and register the plugin without one when it checks tokens)',
      );
    app.all(path.slice(app.prefix.length) || '/', handler);
  }
};

Object.defineProperty(mcpPlugin, Symbol.for('fastify.display-name'), { value: 'mcpkit' });
