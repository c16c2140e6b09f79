/**
 * The client program the conformance suite runs for its client scenarios. The suite appends the
 * server's URL to the command line and names the scenario in `MCP_CONFORMANCE_SCENARIO` (the
 * revision in `MCP_CONFORMANCE_PROTOCOL_VERSION`); this program does what that scenario expects
 * of a client and exits 0, or exits 1 with the reason on stderr.
 *   MCP_CONFORMANCE_SCENARIO=tools_call node build/conformance/client.js http://localhost:3000/mcp
 * @module
 */
import { Client, type ClientOptions, type ClientSession } from '../src/client/index.js';
import { connectHttp } from '../src/http/client/connect.js';
import { SUPPORTED_VERSIONS, type ProtocolVersion } from '../src/index.js';
import { acceptWithDefaults } from './client-answers.js';
import { scenarioAuth } from './client-auth.js';

interface Scenario {
  /** What the client can answer the server with; decides the capabilities it declares. */
  options?: ClientOptions;
  run(session: ClientSession): Promise<void>;
}

const SCENARIOS: Record<string, Scenario> = {
  // The handshake is the whole test.
  initialize: { run: async () => {} },

  // Skills: listing reads no file.
  'sep-2640-client-no-prefetch': {
    run: async (session) => {
      for await (const _skill of session.skills.list());
    },
  },
  // Skills: a skill is loaded by reading its SKILL.md, verified, then its other files; a SKILL.md
  // whose size, digest or front matter is not its entry's throws before any other file is read.
  'sep-2640-client-verify-digest': { run: loadEverySkill },
  'sep-2640-client-verify-size': { run: loadEverySkill },
  'sep-2640-client-verify-frontmatter': { run: loadEverySkill },

  tools_call: {
    run: async (session) => {
      await session.listTools();
      await session.callTool({ name: 'add_numbers', arguments: { a: 5, b: 3 } });
    },
  },

  'elicitation-sep1034-client-defaults': {
    options: { elicitation: { form: acceptWithDefaults } },
    run: async (session) => {
      await session.listTools();
      await session.callTool({ name: 'test_client_elicitation_defaults', arguments: {} });
    },
  },

  // The server ends the call's stream before answering; the transport must reconnect and resume.
  'sse-retry': {
    run: async (session) => {
      await session.listTools();
      await session.callTool({ name: 'test_reconnection', arguments: {} });
    },
  },

  // The schema the client received is sent back as it is: what the echo holds is what survived parsing.
  // Multi round-trip requests (2026-07-28): the state echoed exactly, no state invented, new ids,
  // and a call made while another waits for its retry carrying nothing of it.
  'sep-2322-client-request-state': {
    options: { elicitation: { form: acceptWithDefaults } },
    run: async (session) => {
      await session.listTools();
      await session.callTool(
        { name: 'test_mrtr_echo_state', arguments: {} },
        {
          // Between the rounds of this call, before the client's handler answers it.
          onInputRequired: async () => {
            await session.callTool({ name: 'test_mrtr_unrelated', arguments: {} });
            return undefined;
          },
        },
      );
      await session.callTool({ name: 'test_mrtr_no_state', arguments: {} });
      await session.callTool({ name: 'test_mrtr_no_result_type', arguments: {} });
    },
  },

  // Every request of 2026-07-28 carries its envelope and version header; the first (the
  // discover probe, which is the whole test: the server declares nothing to call) is refused
  // with -32022 and must be retried with a version from the list. The client declares what it
  // can answer, so the checks of the declared capabilities run rather than skip.
  'request-metadata': {
    options: {
      roots: [{ uri: 'file:///tmp/conformance', name: 'conformance' }],
      sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'conformance' }),
      elicitation: { form: acceptWithDefaults },
    },
    run: async () => {},
  },

  // Mcp-Method on every request, Mcp-Name on each kind that names something.
  'http-standard-headers': {
    run: async (session) => {
      const { tools } = await session.listTools();
      for (const tool of tools)
        await session.callTool({ name: tool.name, arguments: sampleArguments(tool.inputSchema) });
      const { resources } = await session.listResources();
      for (const resource of resources) await session.readResource({ uri: resource.uri });
      const { prompts } = await session.listPrompts();
      for (const prompt of prompts) await session.getPrompt({ name: prompt.name });
    },
  },

  // The calls the scenario asks for (in MCP_CONFORMANCE_CONTEXT), their annotated arguments mirrored.
  'http-custom-headers': {
    run: async (session) => {
      await session.listTools();
      for (const call of contextToolCalls()) await session.callTool(call);
    },
  },

  // Tools with invalid annotations are dropped from the list; the valid one is called.
  'http-invalid-tool-headers': {
    run: async (session) => {
      const { tools } = await session.listTools();
      for (const tool of tools)
        await session.callTool({ name: tool.name, arguments: sampleArguments(tool.inputSchema) });
    },
  },

  // A $ref to a network URI in a listed schema is never fetched.
  'json-schema-ref-no-deref': {
    run: async (session) => {
      await session.listTools();
    },
  },

  'json-schema-2020-12-preservation': {
    run: async (session) => {
      const { tools } = await session.listTools();
      const focal = tools.find((tool) => tool.name === 'json_schema_2020_12_tool');
      if (!focal) throw new Error('The server does not list json_schema_2020_12_tool');
      await session.callTool({ name: 'json_schema_echo', arguments: { schema: focal.inputSchema } });
    },
  },
};

/**
 * Every authorization scenario: list the tools and call the one the suite's server has, so a
 * server that asks for more scope for a call, or moves to another authorization server after
 * the first authorized request, is met with both.
 */
const AUTHORIZED: Scenario = {
  run: async (session) => {
    await session.listTools();
    await session.callTool({ name: 'test-tool', arguments: {} });
  },
};

/** Arguments for a tool the scenario does not describe: a plain value for each required property. */
function sampleArguments(
  schema: { properties?: Record<string, unknown>; required?: string[] } | undefined,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of schema?.required ?? []) {
    const type = (schema?.properties?.[name] as { type?: unknown } | undefined)?.type;
    args[name] = type === 'integer' || type === 'number' ? 1 : type === 'boolean' ? true : 'value';
  }
  return args;
}

/** The tool calls a scenario lists in its context, if it gives any. */
function contextToolCalls(): { name: string; arguments?: Record<string, unknown> }[] {
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as { toolCalls?: unknown };
  if (!Array.isArray(context.toolCalls)) throw new Error('The scenario gave no toolCalls in MCP_CONFORMANCE_CONTEXT');
  return context.toolCalls as { name: string; arguments?: Record<string, unknown> }[];
}

/** Loads every listed skill: its SKILL.md first, then each other file of its manifest. */
async function loadEverySkill(session: ClientSession): Promise<void> {
  for await (const skill of session.skills.list()) {
    await session.skills.read(skill);
    if (skill.resources === 'dynamic') continue;
    for (const file of skill.resources) if (file.uri !== skill.uri) await session.skills.read(skill, file.uri);
  }
}

function requestedVersion(): ProtocolVersion | undefined {
  const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
  if (version === undefined || version === '') return undefined;
  if (!(SUPPORTED_VERSIONS as readonly string[]).includes(version))
    throw new Error(`Protocol version ${version} is not served by this client`);
  return version as ProtocolVersion;
}

async function main(): Promise<void> {
  const name = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const url = process.argv.at(-1);
  const auth = scenarioAuth(name);
  const scenario = SCENARIOS[name] ?? (auth ? AUTHORIZED : undefined);
  if (!scenario)
    throw new Error(`Unsupported scenario ${JSON.stringify(name)}; supported: ${Object.keys(SCENARIOS).join(', ')}`);
  if (!url?.startsWith('http')) throw new Error('Usage: client.js <server URL>');
  const version = requestedVersion();
  const client = new Client(
    { name: 'mcpkit-conformance-client', version: '1.0.0' },
    { requestTimeoutMs: 20_000, ...scenario.options },
  );
  // Streamable HTTP only: falling back to the old HTTP+SSE transport would hide a failure.
  const { session } = await connectHttp(client, url, {
    transport: 'streamable-http',
    ...(version && { protocolVersion: version }),
    ...(auth && { auth }),
  });
  try {
    await scenario.run(session);
  } finally {
    await session.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
