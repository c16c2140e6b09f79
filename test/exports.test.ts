// The public surface: the names each entry point exports. Adding or removing one is an API
// change, so it must be made here on purpose.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
};

const expected: Record<string, string[]> = {
  '.': [
    'CancelledError',
    'CapabilityNotSupportedError',
    'ConnectionClosedError',
    'ErrorCode',
    'JsonRpcError',
    'LATEST_LEGACY_VERSION',
    'LATEST_VERSION',
    'META',
    'McpError',
    'McpErrorCode',
    'RequestCancelledError',
    'RequestContext',
    'RequestTimeoutError',
    'LEGACY_VERSIONS',
    'MODERN_VERSIONS',
    'SUPPORTED_VERSIONS',
    'UnserializableMessageError',
    'UnsupportedVersionError',
    'UrlElicitationRequiredError',
    'installTelemetry',
    'installedTelemetry',
    'isModern',
    'isSupportedVersion',
    'tapTransport',
  ],
  './server': [
    'DEFAULT_KEY_ROTATION_MS',
    'DEFAULT_MAX_USED_STATES',
    'MemoryFleet',
    'MemoryTaskStore',
    'MemoryUsedStateStore',
    'SchemaError',
    'Server',
    'ServerContext',
    'ServerSession',
    'UriTemplate',
    'UriTemplateError',
    'withJsonSchema',
    'blobContents',
    'embeddedResource',
    'isTerminal',
    'resourceLink',
    'resourceNotFound',
    'shapeResult',
    'skillsFromFiles',
    'textContents',
    'appToolMeta',
    'appView',
    'rendersApps',
    'InterpretingValidator',
    'JsonSchemaValidator',
  ],
  './client': [
    'Client',
    'ClientSession',
    'InputRequestNotSupportedError',
    'InputRoundsExceededError',
    'MemoryEraCache',
    'SessionSkills',
    'SkillVerificationError',
    'Subscription',
    'ToolOutputError',
    'ToolTask',
    'processEraCache',
    'InterpretingValidator',
    'JsonSchemaValidator',
  ],
  './testing': ['InMemoryTransport', 'ManualClock', 'connectPair', 'createInMemoryPair', 'recordWire'],
  './auth': [
    'AuthorizationError',
    'MAX_AUTH_RETRIES',
    'MemoryAuthStore',
    'OAuthClient',
    'PROTECTED_RESOURCE_METADATA_PATH',
    'TokenRefusal',
    'authInfoFromClaims',
    'bearerChallenge',
    'clientCredentialsGrant',
    'enterpriseManagedGrant',
    'formatChallenge',
    'introspectionVerifier',
    'jwtBearerGrant',
    'jwtVerifier',
    'parseChallenges',
    'principalOf',
  ],
  './dev-auth-server': ['startDevAuthServer'],
  './redis': ['redisStore'],
  './otel': ['McpTelemetry', 'SCOPE', 'instrument', 'uninstrument'],
  './express': ['mcpRouter'],
  './hono': ['mcpMiddleware'],
  './fastify': ['mcpPlugin'],
  './app': [
    'APPS_PROTOCOL_VERSION',
    'App',
    'JsonRpcError',
    'PostMessageTransport',
    'applyHostFonts',
    'applyHostStyles',
    'applyStyleVariables',
    'applyTheme',
    'followHostStyles',
  ],
  './app-host': [
    'SANDBOX_PAGE',
    'VIEW_SANDBOX',
    'VIEW_SANDBOX_FLAGS',
    'ViewBridge',
    'ViewError',
    'pageContext',
    'renderView',
    'sandboxResponse',
    'toolView',
    'toolVisibility',
    'viewDocument',
    'viewPolicy',
  ],
  './host': [
    'ConsentDeniedError',
    'DEFAULT_HOST_TIMEOUT_MS',
    'DEFAULT_MAX_STEPS',
    'DEFAULT_SEPARATOR',
    'Gateway',
    'Host',
    'MODEL_TOOL_NAME',
    'ModelError',
    'NotInCatalogError',
    'PROXY_UPSTREAM',
    'READ_SKILL_TOOL',
    'ServerUnavailableError',
    'ViewError',
    'chat',
    'complete',
    'directoryRoot',
    'modelToolName',
    'openProxy',
    'prefixedToolName',
    'sample',
    'ConfigError',
    'checkServerConfig',
    'findConfig',
    'parseConfig',
    'readConfig',
    'anthropicModel',
    'openaiModel',
  ],
  './stdio': stdioNames(),
  './node': [
    ...stdioNames(),
    'FileAuthStore',
    'FileEraCache',
    'defaultEraCachePath',
    'folderSkills',
    'listen',
    'listenForRedirect',
    'serveSandbox',
    'toNodeListener',
  ],
  './http': [
    'BodyTooLargeError',
    'DEFAULT_LEGACY_MAX_BODY_BYTES',
    'HeaderAnnotationError',
    'DEFAULT_MAX_BODY_BYTES',
    'DEFAULT_MAX_STORED_EVENTS',
    'DEFAULT_RECONNECT_OPTIONS',
    'DEFAULT_SESSION_IDLE_TIMEOUT_MS',
    'DEFAULT_SSE_KEEP_ALIVE_MS',
    'EventsLostError',
    'HttpStatusError',
    'LOOPBACK_HOSTS',
    'LegacySseClientTransport',
    'LegacySseTransport',
    'MemoryEventStore',
    'SessionExpiredError',
    'SseClientTransport',
    'SseParser',
    'StreamableHttpClientTransport',
    'connectHttp',
    'createLegacySseCore',
    'createStreamableHttpCore',
    'createStreamableHttpHandler',
    'hostOriginRejection',
    'toFetchHandler',
  ],
};

function stdioNames(): string[] {
  return [
    'CommandTransport',
    'DEFAULT_CLIENT_MAX_MESSAGE_BYTES',
    'DEFAULT_INHERITED_ENV_VARS',
    'DEFAULT_STDERR_TAIL_BYTES',
    'StdioServerTransport',
    'getDefaultEnvironment',
    'nonProtocolLine',
  ];
}

function target(entry: string): { types: string; default: string } {
  const value = pkg.exports[entry];
  assert.ok(value && typeof value === 'object', `package.json exports ${entry} with types and code`);
  return value;
}

describe('public entry points', () => {
  for (const [entry, names] of Object.entries(expected)) {
    it(`${entry} exports exactly the pinned names, in the sources`, async () => {
      // The declarations mirror the sources (dist/types/src/x.d.ts), which are compiled beside this test.
      const source = target(entry)
        .types.replace('./dist/types/src/', '../src/')
        .replace(/\.d\.ts$/, '.js');
      const module = (await import(new URL(source, import.meta.url).href)) as Record<string, unknown>;
      assert.deepEqual(Object.keys(module).sort(), [...names].sort());
    });

    it(`${entry} exports exactly the pinned names, in the published bundle`, async () => {
      const bundle = target(entry).default.replace('./dist/', '../../dist/');
      const module = (await import(new URL(bundle, import.meta.url).href)) as Record<string, unknown>;
      assert.deepEqual(Object.keys(module).sort(), [...names].sort());
    });
  }

  it('a class of mcpkit/app-host is one class in the bundle, wherever it is imported from', async () => {
    const bundle = async (entry: string) =>
      (await import(new URL(target(entry).default.replace('./dist/', '../../dist/'), import.meta.url).href)) as Record<
        string,
        unknown
      >;
    // The host throws ViewError: an application catches it with mcpkit/app-host's.
    assert.equal((await bundle('./host')).ViewError, (await bundle('./app-host')).ViewError);
  });

  it('the command line of the bundle runs', () => {
    const bin = (pkg as unknown as { bin: Record<string, string> }).bin.mcpkit;
    const run = spawnSync(process.execPath, [fileURLToPath(new URL(`../../${bin}`, import.meta.url)), '--version'], {
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^\d+\.\d+\.\d+/);
  });
});
