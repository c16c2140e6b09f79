/**
 * Starts the server of server.ts and calls it as a client that gets a token: first without one
 * (refused with 401, and the challenge that says where to get one), then with an `OAuthClient`,
 * which discovers the authorization server, registers, sends the "user" to log in (here the
 * authorize hook follows the redirects itself, as the development server asks nothing), and
 * keeps the tokens. Run: `npm run example -- auth-server`.
 */
import { fileURLToPath } from 'node:url';
import { OAuthClient } from 'mcpkit/auth';
import { Client } from 'mcpkit/client';
import { connectHttp, HttpStatusError } from 'mcpkit/http';
import { startServing } from '../shared/serving.js';

const server = await startServing(process.execPath, [fileURLToPath(new URL('server.js', import.meta.url)), '0']);
try {
  console.log(`server at ${server.url}`);
  try {
    await connectHttp(new Client({ name: 'no-token', version: '1.0.0' }), server.url);
  } catch (error) {
    if (!(error instanceof HttpStatusError)) throw error;
    console.log(
      `without a token: ${error.status}, scope "${error.challenge?.scope}", see ${error.challenge?.resourceMetadata}`,
    );
  }

  const auth = new OAuthClient({
    // Where the browser would come back to. A real app listens there (listenForRedirect of
    // mcpkit/node) and opens the URL in a browser; the development server redirects at once.
    redirectUri: 'http://127.0.0.1:8976/callback',
    authorize: async (url) => {
      console.log(`log in at ${url.origin}${url.pathname}`);
      let next = url.href;
      for (let hop = 0; hop < 10; hop++) {
        const answer = await fetch(next, { redirect: 'manual' });
        await answer.body?.cancel();
        const location = answer.headers.get('location');
        if (location === null) throw new Error(`the authorization server answered ${answer.status}`);
        next = new URL(location, next).href;
        if (next.startsWith('http://127.0.0.1:8976/callback')) return next;
      }
      throw new Error('too many redirects');
    },
  });
  const { session } = await connectHttp(new Client({ name: 'notes-app', version: '1.0.0' }), server.url, { auth });
  for (const name of ['whoami', 'publish']) {
    const result = await session.callTool({ name, arguments: {} });
    console.log(`${name} ->`, result.content.map((block) => ('text' in block ? block.text : '')).join(''));
  }
  await session.close();
} finally {
  await server.stop();
}
