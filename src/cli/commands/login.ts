/**
 * `mcpkit login <url>`: logs in to a server that asks for authorization, now rather than when a
 * command first needs it, and keeps the tokens for later commands. Tokens kept from before are
 * dropped first, so it always asks anew (with `--scope`, for more).
 */
import { serverAuthDirectory } from '../auth-cache.js';
import { withSession } from '../connect.js';
import { commandAuth } from '../login.js';
import { parseCommand } from '../options.js';
import { isUrlTarget, UsageError } from '../server-target.js';

export async function runLogin(args: string[]): Promise<number> {
  const { options, positionals, target } = parseCommand('login', args);
  if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
  if (target === undefined || !isUrlTarget(target))
    throw new UsageError('login is for a server given by URL (http:// or https://)');
  if (options.auth.noInput) throw new UsageError('login opens a browser: --no-input does not go with it');
  const auth = await commandAuth(target.url, options.auth);
  await auth.auth.forget(target.url);
  await withSession(target, options, async () => {}, auth);
  if (options.json) {
    console.log(JSON.stringify({ url: target.url, authorizationServers: auth.logins }, null, 2));
    return 0;
  }
  if (auth.logins.length === 0) {
    console.error(`${target.url} did not ask for authorization: there is nothing to log in to.`);
    return 0;
  }
  console.error(
    `Logged in to ${target.url} at ${auth.logins.join(', ')}. Commands given this URL use the tokens kept in ${serverAuthDirectory(target.url)}; \`mcpkit logout ${target.url}\` forgets them.`,
  );
  return 0;
}
