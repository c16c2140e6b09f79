/** `mcpkit logout <url>`: forgets the tokens and the client registration kept for a server. */
import { parseArgs } from 'node:util';
import { forgetServer } from '../auth-cache.js';
import { targetFromString, isUrlTarget, UsageError } from '../server-target.js';

export async function runLogout(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false } },
  });
  const [text, ...extra] = positionals;
  if (text === undefined) throw new UsageError('which server? usage: mcpkit logout <url>');
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  const target = targetFromString(text);
  if (!isUrlTarget(target)) throw new UsageError('logout is for a server given by URL (http:// or https://)');
  const { directory, kinds } = await forgetServer(target.url);
  if (values.json) {
    console.log(JSON.stringify({ url: target.url, forgot: [...new Set(kinds)] }, null, 2));
    return 0;
  }
  if (kinds.length === 0) {
    console.error(`Nothing was kept for ${target.url}.`);
    return 0;
  }
  console.error(
    `Forgot what was kept for ${target.url}: ${describe(kinds)} (removed ${directory}). The authorization server was not told: an access token given out stays valid until it expires.`,
  );
  return 0;
}

/** `tokens, client registration and redirect port`, each kind once. */
function describe(kinds: readonly string[]): string {
  const unique = [...new Set(kinds)];
  return unique.length === 1 ? unique[0]! : `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)!}`;
}
