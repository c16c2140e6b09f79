// The figures the benchmark reports, by name, and the targets mcpkit is held to: a ratio to
// the raw baseline measured in the same run.

/** How a figure names the era of its HTTP requests. */
const era = (mode: 'session' | 'modern') => (mode === 'session' ? '2025-11-25 session' : '2026-07-28 modern');

/** How a figure names mcpkit's telemetry setup (see servers/otel-setup.ts). */
const TELEMETRY = {
  off: 'telemetry off (mcpkit/otel not loaded)',
  api: 'instrumented, OpenTelemetry API without an SDK',
  sdk: 'instrumented, an SDK exporting nowhere',
} as const;

export const FIGURES = {
  catalogList: (servers: number, tools: number) =>
    `host catalog: connect to ${servers} HTTP servers of ${tools} tools and list them all`,
  appView: 'browser: the view of an MCP App (a small view, bundled, minified)',
  inspectorPage: 'browser: the page of mcpkit inspect (script and stylesheet, as shipped)',
  appHost: 'browser: a host page rendering one MCP App view through a sandbox proxy (bundled, minified)',
  packagePacked: 'package: the tarball npm installs (npm pack), packed',
  packageUnpacked: 'package: the tarball npm installs, unpacked',
  packageFiles: 'package: the files of the tarball npm installs',
  skillsStart: (skills: number) =>
    `skills: build a server over a folder of ${skills.toLocaleString('en-US')} skills and list them all`,
  stdioCallSequential: 'stdio tools/call, one at a time',
  stdioCall64: 'stdio tools/call, 64 in flight',
  stdioList: 'stdio tools/list (102 tools)',
  coldStart: 'cold start, spawn to first answer',
  fleetCpu: (mode: 'session' | 'modern', store: 'memory' | 'Redis') =>
    `server CPU per HTTP ${mode === 'session' ? '2025-11-25 session' : '2026-07-28 modern'} tools/call, 16 connections, ${store} store`,
  fleetCpuRatio: (mode: 'session' | 'modern') =>
    `server CPU per HTTP ${mode === 'session' ? '2025-11-25 session' : '2026-07-28 modern'} tools/call: Redis store ÷ memory store`,
  fleetRedisCommands: (mode: 'session' | 'modern') =>
    `Redis commands sent per HTTP ${mode === 'session' ? '2025-11-25 session' : '2026-07-28 modern'} tools/call (a script is one)`,
  fleetThroughput: (processes: number) =>
    `HTTP 2025-11-25 session tools/call, 16 connections, through a round-robin proxy to ${processes} process${processes === 1 ? '' : 'es'} on Redis`,
  httpSession: (connections: number) => `HTTP 2025-11-25 session tools/call, ${connections} connections`,
  httpModern: (connections: number) => `HTTP 2026-07-28 modern tools/call, ${connections} connections`,
  httpSessionCpu: 'server CPU per HTTP 2025-11-25 session tools/call, 16 connections',
  httpModernCpu: 'server CPU per HTTP 2026-07-28 modern tools/call, 16 connections',
  heapPerSession: 'heap per idle 2025-11-25 HTTP session (after GC)',
  rssPerSession: 'RSS growth per idle 2025-11-25 HTTP session',
  rssAfterModern: 'RSS growth after 100,000 modern HTTP requests',
  heapAfterModern: 'heap growth after 100,000 modern HTTP requests (after GC)',
  clientSequential: 'client tools/call against the raw server, one at a time',
  client64: 'client tools/call against the raw server, 64 in flight',
  modernByTools: (tools: number) => `HTTP 2026-07-28 modern tools/call, 16 connections, ${tools} tools`,
  httpAuth: (mode: 'session' | 'modern') =>
    `HTTP ${mode === 'session' ? '2025-11-25 session' : '2026-07-28 modern'} tools/call with a JWT access token, 16 connections`,
  httpAuthCpu: (mode: 'session' | 'modern') =>
    `server CPU per HTTP ${mode === 'session' ? '2025-11-25 session' : '2026-07-28 modern'} tools/call with a JWT access token, 16 connections`,
  httpAuthCpuPaired: (mode: 'session' | 'modern') =>
    `server CPU per HTTP ${mode === 'session' ? '2025-11-25 session' : '2026-07-28 modern'} tools/call, with a JWT ÷ without, one process, runs alternating`,
  jwtVerify: 'JWT access token verification (ES256, cached keys), CPU per token',
  jwtVerifyCached: 'JWT access token verified before (the verifier remembers it), CPU per request',
  gatewayServerCpu: 'stdio tools/call, 16 in flight: the server’s CPU per call, called directly',
  gatewayOwnCpu: 'stdio tools/call, 16 in flight: the gateway’s own CPU per call, in front of the server',
  gatewayCpuRatio: 'stdio tools/call through the gateway: the gateway’s CPU per call ÷ the server’s, runs alternating',
  gatewayWholeCpuRatio:
    'stdio tools/call through the gateway: the gateway’s and its server’s CPU per call ÷ the server’s alone',
  telemetryCpu: (mode: 'session' | 'modern', setup: 'off' | 'api' | 'sdk') =>
    `server CPU per HTTP ${era(mode)} tools/call, 16 connections, ${TELEMETRY[setup]}`,
  telemetryCpuRatio: (mode: 'session' | 'modern', setup: 'api' | 'sdk') =>
    `server CPU per HTTP ${era(mode)} tools/call: ${TELEMETRY[setup]} ÷ telemetry off, processes alternating`,
  telemetryAddedCpu: (mode: 'session' | 'modern') =>
    `server CPU added per HTTP ${era(mode)} tools/call by ${TELEMETRY.sdk}, processes alternating`,
  telemetryNoise: (mode: 'session' | 'modern') =>
    `server CPU per HTTP ${era(mode)} tools/call: telemetry off ÷ telemetry off in another process, processes alternating (the noise)`,
  telemetryApiToggled: (mode: 'session' | 'modern') =>
    `server CPU per HTTP ${era(mode)} tools/call: ${TELEMETRY.api} ÷ the same process uninstrumented, turns alternating`,
  taskPlainCall: 'stdio tools/call, one at a time: time per plain call, beside tasks',
  taskFlow: 'stdio task of 2025-11-25, one at a time: time to create it, poll it once and collect its result',
  taskWallRatio: 'stdio task (create, poll, collect) ÷ plain tools/call of the same tool: time, runs alternating',
  taskCpuRatio: 'stdio task (create, poll, collect) ÷ plain tools/call of the same tool: server CPU, runs alternating',
} as const;

export interface Target {
  figure: string;
  /**
   * What mcpkit's value is divided by: raw's value of the same figure (default), or mcpkit's own
   * value of another figure, measured beside it in each repetition.
   */
  against?: string;
  /** The figure is a ratio itself (mcpkit's value is compared with `ratio` as it is). */
  absolute?: boolean;
  /** mcpkit's value divided by raw's must be at least (throughput) or at most (time, memory) this. */
  ratio: number;
  /** The text the report shows, e.g. ">= 0.8x raw". */
  text: string;
}

export const TARGETS: readonly Target[] = [
  { figure: FIGURES.stdioCall64, ratio: 0.8, text: '>= 0.8x raw' },
  { figure: FIGURES.stdioCallSequential, ratio: 0.9, text: '>= 0.9x raw' },
  { figure: FIGURES.stdioList, ratio: 0.9, text: '>= 0.9x raw' },
  { figure: FIGURES.httpModern(16), ratio: 0.6, text: '>= 0.6x raw' },
  { figure: FIGURES.httpSession(16), ratio: 0.6, text: '>= 0.6x raw' },
  { figure: FIGURES.heapPerSession, ratio: 2, text: '<= 2x raw' },
  { figure: FIGURES.coldStart, ratio: 1.3, text: '<= 1.3x raw' },
  { figure: FIGURES.clientSequential, ratio: 0.9, text: '>= 0.9x the hand-written client' },
  { figure: FIGURES.client64, ratio: 0.7, text: '>= 0.7x the hand-written client' },
  // Auth's cost, measured in one server process with and without authorization, alternating:
  // two processes measured apart differ by more than the 10% this target is about.
  ...(['session', 'modern'] as const).map((mode) => ({
    figure: FIGURES.httpAuthCpuPaired(mode),
    absolute: true,
    ratio: 1.1,
    text: '<= 1.1x mcpkit without authorization',
  })),
  // What a call through the gateway costs it, beside what the same call costs the server.
  { figure: FIGURES.gatewayCpuRatio, absolute: true, ratio: 1.3, text: '<= 1.3x the server called directly' },
];
