/**
 * A server's OAuth flow as mcpkit's client runs it: each step in order (protected resource
 * metadata, authorization server metadata, registration, the login in the browser, the token,
 * refreshes), each with its HTTP exchanges and their bodies (secrets masked); the login page to
 * open while the flow waits for the browser; `Continue` when it steps through; and the tokens
 * it came to, decoded, with `Refresh token` and `Forget tokens`.
 * @module
 */
import { useContext, useState } from 'preact/hooks';
import type { AuthExchange, AuthFlow, AuthStep, DecodedToken, ServerState, TokenSummary } from '../protocol.js';
import { InspectorContext } from './context.js';
import { JsonView } from './json-view.js';
import { formatDuration } from './wire-filter.js';
import { PHASE_LABELS, loginUrl, statusLine } from './auth-model.js';

export function AuthView({ server }: { server: ServerState }) {
  const flow = server.auth;
  const { api } = useContext(InspectorContext);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  if (flow === undefined) return null;
  const act = (action: 'continue' | 'refresh' | 'forget') => {
    setFailure(undefined);
    api.command('auth', { server: server.id, action }).catch((error: Error) => setFailure(error.message));
  };
  return (
    <section class="auth" role="region" aria-label="Authorization">
      <h2>Authorization</h2>
      <p class={flow.status === 'failed' ? 'error' : undefined} role="status">
        {statusLine(flow)}
      </p>
      <ol class="auth-steps">
        {flow.steps.map((step, index) => (
          <li key={index}>
            <Step step={step} flow={flow} current={index === flow.steps.length - 1} />
          </li>
        ))}
      </ol>
      {flow.status === 'paused' && (
        <button type="button" class="primary" onClick={() => act('continue')}>
          Continue
        </button>
      )}
      {flow.tokens !== undefined && (
        <Tokens tokens={flow.tokens} onRefresh={() => act('refresh')} onForget={() => act('forget')} />
      )}
      {failure !== undefined && (
        <p class="error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}

/**
 * The flow waiting for the user while the server is connected (a step-up for more scope, a
 * token that expired for good), shown above the tabs: the login link, or `Continue`.
 */
export function AuthPrompt({ server }: { server: ServerState }) {
  const flow = server.auth;
  const { api } = useContext(InspectorContext);
  if (flow === undefined || (flow.status !== 'authorizing' && flow.status !== 'paused')) return null;
  const step = flow.steps.at(-1);
  const login = flow.status === 'authorizing' && step?.phase === 'authorize' ? loginUrl(step.url) : undefined;
  return (
    <section class="notice auth-prompt" role="region" aria-label="Authorization needed">
      <p>
        {statusLine(flow)} <span class="muted">The Auth tab shows each step.</span>
      </p>
      {login !== undefined && (
        <a href={login} target="_blank" rel="noopener noreferrer">
          Open the login page
        </a>
      )}
      {flow.status === 'paused' && (
        <button
          type="button"
          class="primary"
          onClick={() => void api.command('auth', { server: server.id, action: 'continue' }).catch(() => {})}
        >
          Continue
        </button>
      )}
    </section>
  );
}

function Step({ step, flow, current }: { step: AuthStep; flow: AuthFlow; current: boolean }) {
  const login = step.phase === 'authorize' ? loginUrl(step.url) : undefined;
  return (
    <section class="auth-step" aria-label={PHASE_LABELS[step.phase]}>
      <h3>{PHASE_LABELS[step.phase]}</h3>
      {login !== undefined && current && flow.status === 'authorizing' && (
        <p>
          <a href={login} target="_blank" rel="noopener noreferrer">
            Open the login page
          </a>{' '}
          <span class="muted">at {new URL(login).origin}; the inspector waits for the browser to come back.</span>
        </p>
      )}
      {login !== undefined && (
        <details>
          <summary>Authorization request</summary>
          <JsonView value={Object.fromEntries(new URL(login).searchParams)} label="Authorization request" />
        </details>
      )}
      {step.returned !== undefined && <Captioned value={step.returned} label="The browser came back with" />}
      {step.exchanges.map((exchange, index) => (
        <Exchange key={index} exchange={exchange} />
      ))}
    </section>
  );
}

function Exchange({ exchange }: { exchange: AuthExchange }) {
  const outcome = exchange.error ?? (exchange.status !== undefined ? `${exchange.status}` : 'waiting');
  return (
    <details class="auth-exchange">
      <summary>
        <code>
          {exchange.method} {exchange.url}
        </code>{' '}
        →{' '}
        <span class={exchange.error !== undefined || (exchange.status ?? 0) >= 400 ? 'error' : undefined}>
          {outcome}
        </span>{' '}
        <span class="muted">{formatDuration(exchange.duration)}</span>
      </summary>
      <Captioned value={exchange.requestHeaders} label="Request headers" />
      {exchange.requestBody !== undefined && <Captioned value={exchange.requestBody} label="Request body" />}
      {exchange.responseHeaders !== undefined && (
        <Captioned value={exchange.responseHeaders} label="Response headers" />
      )}
      {exchange.responseBody !== undefined && <Captioned value={exchange.responseBody} label="Response body" />}
    </details>
  );
}

function Tokens(props: { tokens: TokenSummary; onRefresh(): void; onForget(): void }) {
  const { tokens } = props;
  const expires =
    tokens.expiresIn !== undefined ? new Date(tokens.receivedAt + tokens.expiresIn * 1000).toLocaleString() : undefined;
  return (
    <section class="auth-tokens" aria-label="Tokens">
      <h3>Tokens</h3>
      <p>
        {tokens.tokenType} token
        {tokens.scope !== undefined && (
          <>
            {' '}
            for scope <code>{tokens.scope}</code>
          </>
        )}
        {expires !== undefined && <>, expires {expires}</>}.
      </p>
      <Token name="Access token" token={tokens.accessToken} />
      {tokens.idToken !== undefined && <Token name="ID token" token={tokens.idToken} />}
      {tokens.refreshToken !== undefined && <Token name="Refresh token" token={tokens.refreshToken} />}
      <div class="actions">
        {tokens.refreshToken !== undefined && (
          <button type="button" onClick={props.onRefresh}>
            Refresh token
          </button>
        )}
        <button type="button" onClick={props.onForget}>
          Forget tokens
        </button>
      </div>
    </section>
  );
}

function Token({ name, token }: { name: string; token: DecodedToken }) {
  return (
    <section aria-label={name}>
      <h4>
        {name}{' '}
        <span class="muted">
          ({token.length} characters{token.jwt === undefined && ', not a JWT'})
        </span>
      </h4>
      {token.jwt !== undefined && (
        <div class="pair">
          <div>
            <Captioned value={token.jwt.header} label={`${name} header`} />
          </div>
          <div>
            <Captioned value={token.jwt.payload} label={`${name} claims`} />
          </div>
        </div>
      )}
    </section>
  );
}

/** JSON under a visible caption that also names it. */
function Captioned({ value, label }: { value: unknown; label: string }) {
  return (
    <>
      <p class="caption muted">{label}</p>
      <JsonView value={value} label={label} />
    </>
  );
}
