// The public types: the names each entry point's declarations export beyond its runtime names
// (interfaces, type aliases, and the values an entry point exports as types only), pinned as
// test/exports.test.ts pins the runtime names. Adding or removing one is an API change, so it
// must be made here on purpose. Together, the two lists are every name a user can import.
//
// The declarations are built as the published build builds them (scripts/build.mjs ends with
// `tsc -p tsconfig.build.json`), into a temporary directory laid out as the package is: the test
// command bundles dist/ but builds no declarations, and this checkout's dist/types may be stale or
// absent. Each entry point's declaration file is the one package.json names ("types"), and the
// TypeScript compiler API lists what it exports, as a user's compiler would.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
};

/** Names written as words, a group to a string. */
function names(words: string): string[] {
  return words.split(/\s+/).filter(Boolean);
}

const expected: Record<string, string[]> = {
  '.': [
    // JSON-RPC messages, the clock, cancellation, and the transport contract with its abilities
    ...names(`
      CancelSource Clock EraCacheKeyed JsonRpcErrorObject JsonRpcErrorResponse JsonRpcMessage
      JsonRpcNotification JsonRpcRequest JsonRpcResponse JsonRpcSuccess NetworkAttributes NetworkDescribed
      ProtocolVersionSetter RequestId SendOptions SessionIdentified Transport TransportReceiver WireTap
    `),
    // Protocol revisions and the handshake
    ...names(`Implementation LegacyVersion ModernVersion ProtocolVersion`),
    // Telemetry
    ...names(`Activity ActivityAttributes ActivityRecording Operation Recording Telemetry`),
    // The data model: building blocks of every message
    ...names(`
      Annotations BaseMetadata CacheScope CacheableMethod CacheableResult Cursor EmptyResult Icon Icons
      JsonObject JsonValue Meta NotificationMeta NotificationParams PaginatedRequestParams PaginatedResult
      ProgressToken RequestMeta RequestMetaObject RequestParams Result ResultMeta ResultType Role
    `),
    // Capabilities
    ...names(`
      ClientCapabilities ClientTasksCapability ExtensionCapabilities ServerCapabilities ServerTasksCapability
    `),
    // The lifecycle
    ...names(`DiscoverRequestParams DiscoverResult InitializeRequestParams InitializeResult PingRequestParams`),
    // Every method by direction: the method maps and the messages they give
    ...names(`
      CallToolRequest CallToolResultResponse CancelTaskRequest CancelledNotification ClientNotification
      ClientNotificationMap ClientNotificationOf ClientRequest ClientRequestMap ClientRequestOf
      ClientRequestResult ClientResult CompleteRequest CompleteResultResponse CreateMessageRequest
      DiscoverRequest DiscoverResultResponse ElicitRequest ElicitationCompleteNotification GetPromptRequest
      GetPromptResultResponse GetTaskPayloadRequest GetTaskRequest InitializeRequest InitializedNotification
      ListPromptsRequest ListPromptsResultResponse ListResourceTemplatesRequest
      ListResourceTemplatesResultResponse ListResourcesRequest ListResourcesResultResponse ListRootsRequest
      ListTasksRequest ListToolsRequest ListToolsResultResponse LoggingMessageNotification McpNotification
      McpRequest NotificationMethod PingRequest ProgressNotification PromptListChangedNotification
      ReadResourceRequest ReadResourceResultResponse RequestMethod ResourceListChangedNotification
      ResourceUpdatedNotification ResultResponse RootsListChangedNotification ServerNotification
      ServerNotificationMap ServerNotificationOf ServerRequest ServerRequestMap ServerRequestOf
      ServerRequestResult ServerResult SetLevelRequest SubscribeRequest SubscriptionsAcknowledgedNotification
      SubscriptionsListenRequest SubscriptionsListenResultResponse TaskStatusNotification
      ToolListChangedNotification UnsubscribeRequest
    `),
    // The method table
    ...names(`MethodInfo MethodKind MethodName MethodTable`),
    // Notifications of no one feature
    ...names(`
      CancelledNotificationParams InitializedNotificationParams ListChangedNotificationParams
      ProgressNotificationParams
    `),
    // The MCP-specific errors
    ...names(`
      ErrorObject ErrorResponseOf HeaderMismatchError InternalError InvalidParamsError InvalidRequestError
      MethodNotFoundError MissingRequiredClientCapabilityError MissingRequiredClientCapabilityErrorData
      ParseError ResourceNotFoundErrorData URLElicitationRequiredError URLElicitationRequiredErrorData
      UnsupportedProtocolVersionError UnsupportedProtocolVersionErrorData
    `),
    // Content blocks and resource contents
    ...names(`
      AudioContent BlobResourceContents ContentBlock ContentType EmbeddedResource ImageContent ResourceContents
      ResourceLink SamplingMessageContentBlock TextContent TextResourceContents ToolResultContent ToolUseContent
    `),
    // Tools
    ...names(`
      CallToolRequestParams CallToolResult ListToolsRequestParams ListToolsResult Tool ToolAnnotations
      ToolExecution ToolInputSchema ToolOutputSchema
    `),
    // Resources
    ...names(`
      ListResourceTemplatesRequestParams ListResourceTemplatesResult ListResourcesRequestParams
      ListResourcesResult ReadResourceRequestParams ReadResourceResult Resource ResourceRequestParams
      ResourceTemplate ResourceUpdatedNotificationParams SubscribeRequestParams UnsubscribeRequestParams
    `),
    // Prompts
    ...names(`
      GetPromptRequestParams GetPromptResult ListPromptsRequestParams ListPromptsResult Prompt PromptArgument
      PromptMessage
    `),
    // Completion
    ...names(`CompleteRequestParams CompleteResult PromptReference ResourceReference ResourceTemplateReference`),
    // Logging
    ...names(`LoggingLevel LoggingMessageNotificationParams SetLevelRequestParams`),
    // Sampling
    ...names(`
      CreateMessageRequestParams CreateMessageResult IncludeContext ModelHint ModelPreferences SamplingMessage
      StopReason ToolChoice
    `),
    // Elicitation
    ...names(`
      BooleanSchema ElicitRequestFormParams ElicitRequestParams ElicitRequestURLParams ElicitResult ElicitValue
      ElicitationCompleteNotificationParams EnumSchema LegacyTitledEnumSchema MultiSelectEnumSchema NumberSchema
      PrimitiveSchemaDefinition SingleSelectEnumSchema StringSchema TitledMultiSelectEnumSchema
      TitledSingleSelectEnumSchema UntitledMultiSelectEnumSchema UntitledSingleSelectEnumSchema
    `),
    // Roots
    ...names(`ListRootsRequestParams ListRootsResult Root`),
    // Tasks
    ...names(`
      CancelTaskRequestParams CancelTaskResult CreateTaskResult DetailedTask ExtensionCreateTaskResult
      ExtensionTask GetTaskPayloadRequestParams GetTaskPayloadResult GetTaskRequestParams GetTaskResult
      ListTasksRequestParams ListTasksResult RelatedTaskMetadata Task TaskAugmentedRequestParams TaskMetadata
      TaskRequestParams TaskStatus TaskStatusNotificationParams UpdateTaskRequestParams
    `),
    // `subscriptions/listen`
    ...names(`
      SubscriptionFilter SubscriptionsAcknowledgedNotificationParams SubscriptionsListenRequestParams
      SubscriptionsListenResult SubscriptionsListenResultMeta
    `),
    // Multi round-trip requests
    ...names(`
      InputRequest InputRequests InputRequiredMethod InputRequiredResult InputResponse
      InputResponseRequestParams InputResponses
    `),
    // The Skills extension
    ...names(`
      GetSkillRequestParams GetSkillResult ListSkillsRequestParams ListSkillsResult
      ReadResourceDirectoryRequestParams ReadResourceDirectoryResult Skill SkillFrontmatter SkillResource
      SkillsCapability SkillsMethod
    `),
    // MCP Apps
    ...names(`AppCsp AppPermissions AppToolMeta AppViewMeta AppVisibility AppsClientCapability`),
    // Revisions, as data
    ...names(`Revision Span`),
    // Structural guards
    ...names(`Guard`),
    // The data model's constants and functions, as types only (`typeof`)
    ...names(`
      ALL CACHEABLE_METHODS CONTENT_TYPES DEFINITIONS FEATURES FIELDS GUARDS LOGGING_LEVELS METHODS ONLY_2025_11
      RESULT_TYPE REVISIONS REVISION_REQUIRED SINCE_2025_03 SINCE_2025_06 SINCE_2025_11 SINCE_2026
      DIRECTORY_MIME_TYPE SKILLS_EXTENSION SKILLS_METHODS SKILL_LIMITS
      APPS_EXTENSION APPS_PROTOCOL_VERSION APP_MIME_TYPE APP_URI_SCHEME LEGACY_RESOURCE_URI_KEY
      TASKS_EXTENSION UNTIL_2025_11 VALUE_FORMS errorDataGuards hasField hasMethod inSpan isReservedMetaKey
      isRevision methodInfo methodsOf resourceNotFoundCode revisionsIn
    `),
  ],
  './server': names(`
    Completer Completers CompletionContext CompletionValues ElicitFormParams ElicitUrlParams EventMessage
    FeatureHandle FeatureHost FleetBus FleetStore InputOptions InputRequiredOptions KeyRotationOptions
    LoggedEvent MatchedVariables MemoryFleetOptions MemoryTaskStoreOptions MemoryUsedStateStoreOptions
    PromptArgs PromptConfig PromptHandler PromptReturn ReadResourceReturn RegisteredPrompt RegisteredResource
    RegisteredResourceTemplate RegisteredTool RequestStateKey RequestStateKeys RequestStateOptions
    RequestStateSecret ResourceConfig ResourceContentsInput ResourceReader ResourceTemplateConfig ServerEventMap
    AppViewConfig AppViewSource ServerFeature ServerOptions SkillFileInfo SkillSource SkillSourceEntry SkillsFromFilesOptions SkillsOptions
    SessionEvents SessionRecord SessionRecords StreamTail TaskChange TaskError
    TaskOptions TaskPage TaskRecord TaskStore TemplateValue TemplateVariables ToolArgs ToolConfig ToolHandler
    ToolInputSchemaLike ToolOutputSchemaLike ToolResult ToolStructuredContent ToolUpdate UsedStateStore
    ValidateFunction ValidationResult Validator
  `),
  './client': names(`
    CachedRequestOptions CallOptions ClientOptions ClientSessionEvent ClientSessionEventMap
    ClientSessionListener ConnectOptions ElicitationOptions Era EraCache EraChoice EraRecord
    FormElicitationHandler InputRequiredHook InputRound ListParams MultiRoundTripOptions ReadOptions
    RequestOptions SamplingHandler SamplingOptions SubscriptionEnd SubscriptionEvent SubscriptionEventMap
    SubscriptionOptions SubscriptionReconnectOptions SubscriptionState TaskState TaskWaitOptions
    UrlElicitationHandler UrlElicitationResult ListSkillsOptions SkillFile SkillVerificationReason
    ValidateFunction ValidationResult Validator
  `),
  './http': names(`
    ConnectHttpOptions EventStore FetchLike HeadersOption HostOriginPolicy HttpClientOptions HttpConnection
    HttpExchangeHandler HttpRequestLike HttpResponseSink HttpStreamWriter HttpTransportKind LegacySseClientTransportOptions LegacySseCore
    LegacySseOptions LegacySseSessionHost LegacySseTransportOptions Mount MountOptions ReconnectOptions ReplayOutcome ResponseMode
    SseClientTransportOptions SseEvent SseParserHandlers SseParserOptions StoredMessage
    StreamableHttpClientOptions StreamableHttpCore StreamableHttpHandler StreamableHttpOptions
  `),
  './stdio': names(`CommandTransportOptions StdioServerTransportOptions`),
  './node': names(`
    CommandTransportOptions ConnectionLimits FolderSkillsOptions ListenOptions ListeningServer NodeListenerOptions
    NodeRequestListener RedirectListener RedirectListenerOptions SandboxServer SandboxServerOptions
    StdioServerTransportOptions
  `),
  './testing': names(
    `ConnectedPair ConnectPairOptions InMemoryPairOptions WireDirection WireEntry WireMessage WireRecording`,
  ),
  './auth': names(`
    AssertionContext AuthAnswer AuthFetch AuthInfo AuthRefusal AuthRequest AuthStore AuthorizationRedirect
    AuthorizationStep AuthorizeContext AuthorizeHook BearerChallenge Challenge ClientPrivateKey DpopAlgorithm
    DpopClientOptions DpopOptions EnterpriseManagedGrantOptions HttpClientAuth IdentityProvider
    IntrospectionVerifierOptions JwtBearerGrantOptions JwtVerifierOptions OAuthClientOptions OAuthGrant
    PreRegisteredClient PrivateKeyInput ResourceServerOptions TokenRefusalReason TokenRequest TokenVerifier
    UsedIds VerifierFetch
  `),
  './host': names(`
    AnthropicModelOptions CatalogPrompt CatalogResource CatalogSkill CatalogTemplate CatalogTool ChatEvent ChatHost
    ChatOptions ChatView ConfigInput ConfigOptions ConfigProblem ConsentAnswer ConsentHook ConsentRequest EntrySettings
    GatewayHostOptions GatewayOptions HostCallOptions HostConfig HostElicitation HostOptions HostSettings HostView
    HttpEntry HttpServerConfig InputHook ListKind ListOptions MaxTokensField Model ModelAnswer ModelEvent
    ModelMessage ModelPart ModelRequest ModelStopReason ModelTool ModelToolCall OpenAIModelOptions
    ParseConfigOptions ProviderOptions ProxyOptions RestartPolicy SamplingConsentRequest ServerConfig
    ServerEntry ServerProxy ServerState ServerStatus SkillConsentRequest StdioEntry StdioServerConfig
    ToolConsentRequest ToolNaming ToolPolicy
  `),
  './dev-auth-server': names(`DevAuthServer DevAuthServerOptions DevResource`),
  './redis': names(`
    EventMessage FleetBus FleetStore KeyRotationOptions LoggedEvent NodeRedisClient RedisStoreOptions
    RequestStateKey RequestStateKeys SessionEvents SessionRecord SessionRecords StreamTail
  `),
  './otel': names(`Activity ActivityAttributes ActivityRecording McpTelemetryOptions Operation Recording Telemetry`),
  './express': names(`McpRouter MountOptions`),
  './hono': names(`McpMiddleware MountOptions`),
  './fastify': names(`McpPluginOptions MountOptions`),
  './app': names(`
    AppCapabilities AppDisplayMode AppEvent AppEventMap AppHostCapabilities AppHostContext AppInitializeResult
    AppOptions PostMessagePeer ViewToolConfig ViewToolHandle ViewToolHandler
  `),
  './app-host': names(`
    AppViewMeta AppVisibility RenderedView RenderViewOptions SandboxOptions ToolWithMeta ViewBridgeOptions ViewDocument ViewHooks ViewPolicy
    ViewServer ViewTool
  `),
};

/** The entry points, each with its declaration file, as package.json "exports" names them. */
const entries = Object.entries(pkg.exports).flatMap(([entry, target]) =>
  typeof target === 'object' ? [{ entry, types: target.types }] : [],
);

describe('public types', () => {
  let work: string;
  const declared = new Map<string, string[]>();

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'mcpkit-types-'));
    writeFileSync(join(work, 'package.json'), readFileSync(join(root, 'package.json')));
    // What the declarations import from other packages (Node's types, the optional peers) resolves
    // from here, as it would beside an installed package.
    symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'junction');
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    await run(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', join(work, 'dist', 'types')], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    });
    const exported = exportedNames(entries.map(({ types }) => join(work, types)));
    entries.forEach(({ entry }, i) => declared.set(entry, exported[i]!));
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('pins every entry point of the package, each name once', () => {
    assert.deepEqual(Object.keys(expected).sort(), entries.map(({ entry }) => entry).sort());
    for (const [entry, pinned] of Object.entries(expected)) {
      assert.deepEqual(
        pinned.filter((name, i) => pinned.indexOf(name) !== i),
        [],
        `${entry}: names pinned twice`,
      );
    }
  });

  for (const { entry, types } of entries) {
    it(`${entry} declares its runtime names, and exactly the pinned type names`, async () => {
      // The runtime names, from the sources compiled beside this test (test/exports.test.ts holds
      // them to the published bundle).
      const source = types.replace('./dist/types/src/', '../src/').replace(/\.d\.ts$/, '.js');
      const runtime = Object.keys((await import(new URL(source, import.meta.url).href)) as object);
      const declaredNames = declared.get(entry) ?? [];
      assert.deepEqual(undeclared(declaredNames, runtime), [], `${entry}: runtime names its declarations lack`);
      assert.deepEqual(
        surfaceChange(typeNames(declaredNames, runtime), expected[entry] ?? []),
        { added: [], removed: [] },
        `${entry}: the type names differ from the pinned ones`,
      );
    });
  }
});

describe('the check of the type names', () => {
  let work: string;

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'mcpkit-types-planted-'));
    writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(work, 'more.d.ts'), 'export declare const LIMITS: { max: number };\n');
    writeFileSync(join(work, 'star.d.ts'), 'export interface Starred {\n  id: string;\n}\n');
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** The type names of a planted entry point whose runtime names are `start` and `Engine`. */
  function planted(...lines: string[]): string[] {
    const file = join(work, 'entry.d.ts');
    writeFileSync(file, lines.join('\n'));
    return typeNames(exportedNames([file])[0]!, ['start', 'Engine']);
  }
  const entry = [
    'export interface Options {\n  size: number;\n}',
    "export type Mode = 'fast' | 'slow';",
    'export declare function start(options: Options): void;',
    'export declare class Engine {}',
    "export type { LIMITS } from './more.js';",
    "export type * from './star.js';",
  ];
  const pinned = ['LIMITS', 'Mode', 'Options', 'Starred'];

  it('lists interfaces, type aliases, values exported as types only and names re-exported by a star', () => {
    assert.deepEqual(planted(...entry), pinned);
    assert.deepEqual(surfaceChange(planted(...entry), pinned), { added: [], removed: [] });
  });

  it('reports a type name added', () => {
    assert.deepEqual(surfaceChange(planted(...entry, 'export type Added = string;'), pinned), {
      added: ['Added'],
      removed: [],
    });
  });

  it('reports a type name removed', () => {
    const withoutMode = entry.filter((line) => !line.startsWith('export type Mode'));
    assert.deepEqual(surfaceChange(planted(...withoutMode), pinned), { added: [], removed: ['Mode'] });
  });

  it('reports a runtime name with no declaration', () => {
    const file = join(work, 'entry.d.ts');
    writeFileSync(file, entry.join('\n'));
    assert.deepEqual(undeclared(exportedNames([file])[0]!, ['start', 'Engine', 'stop']), ['stop']);
  });
});

/** The names each declaration file exports, as the compiler resolves them (through `export *` too). */
function exportedNames(files: string[]): string[][] {
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  return files.map((file) => {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    assert.ok(module, `${file} is a module`);
    return checker.getExportsOfModule(module).map((symbol) => symbol.name);
  });
}

/** The declared names that are not runtime names: the names that exist for the type checker alone. */
function typeNames(declared: string[], runtime: string[]): string[] {
  return declared.filter((name) => !runtime.includes(name)).sort();
}

/** The runtime names that have no declaration. */
function undeclared(declared: string[], runtime: string[]): string[] {
  return runtime.filter((name) => !declared.includes(name)).sort();
}

/** How a list of names differs from the pinned one. */
function surfaceChange(actual: string[], pinned: string[]): { added: string[]; removed: string[] } {
  return {
    added: actual.filter((name) => !pinned.includes(name)).sort(),
    removed: pinned.filter((name) => !actual.includes(name)).sort(),
  };
}
