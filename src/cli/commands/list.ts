/** `mcpkit list`: the tools a server offers. */
import { withSession } from '../connect.js';
import { parseCommand } from '../options.js';
import { UsageError } from '../server-target.js';

export async function runList(args: string[]): Promise<number> {
  const { options, positionals, target } = parseCommand(args);
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
  return withSession(target, options, async (session) => {
    const result = await session.listTools();
    const tools = (result.tools ?? []) as Record<string, unknown>[];
    if (options.json) {
      console.log(JSON.stringify(result, null, 2));
      return 0;
    }
    const name = `${String(session.serverInfo.title ?? session.serverInfo.name)} ${session.serverInfo.version}`;
    console.log(`${name} (protocol ${session.protocolVersion}): ${tools.length} tool${tools.length === 1 ? '' : 's'}`);
    const signatures = tools.map((t) => `${String(t.name)}(${describeParams(t.inputSchema)})`);
    const width = Math.max(0, ...signatures.map((s) => s.length));
    tools.forEach((tool, i) => {
      const description = typeof tool.description === 'string' ? tool.description : '';
      console.log(`  ${signatures[i]!.padEnd(width)}  ${description}`.trimEnd());
    });
    return 0;
  });
}

/** `a: number, b?: string` from an object schema. */
function describeParams(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return '';
  const { properties, required } = schema as { properties?: Record<string, { type?: unknown }>; required?: string[] };
  if (!properties) return '';
  return Object.entries(properties)
    .map(([key, prop]) => `${key}${required?.includes(key) ? '' : '?'}: ${Array.isArray(prop.type) ? prop.type.join('|') : String(prop.type ?? 'any')}`)
    .join(', ');
}
