/**
 * A server's resources: the list (page by page) and the templates; reading one shows its
 * contents; a template's variables are filled in with the server's completions; where the
 * server allows it the user subscribes, and an update re-reads the resource and says so.
 * @module
 */
import { useContext, useEffect, useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { ContentsView, type ResourceContents } from './content-view.js';
import { InspectorContext } from './context.js';
import { TemplateForm } from './resource-template-form.js';
import { lastNotification } from './state.js';
import { usePaged } from './use-paged.js';
import { useSubscription } from './use-subscription.js';

type Resource = { uri: string; name: string; title?: string; description?: string; mimeType?: string };
type Template = { uriTemplate: string; name: string; title?: string; description?: string };

export function ResourcesTab({ server }: { server: ServerState }) {
  const resources = usePaged<Resource>(server.id, 'resources/list', 'resources');
  const templates = usePaged<Template>(server.id, 'resources/templates/list', 'resourceTemplates');
  const [chosen, setChosen] = useState<{ uri: string } | { template: Template } | undefined>(undefined);
  const pick = (uri: string) => setChosen({ uri });
  return (
    <div class="split">
      <div>
        <h2 id="resources-heading">Resources</h2>
        <ul class="list" aria-labelledby="resources-heading">
          {resources.items.map((r) => (
            <li key={r.uri}>
              <button
                type="button"
                aria-pressed={'uri' in (chosen ?? {}) && (chosen as { uri: string }).uri === r.uri}
                onClick={() => pick(r.uri)}
              >
                {r.title ?? r.name} <span class="muted">{r.uri}</span>
              </button>
            </li>
          ))}
        </ul>
        {resources.more && (
          <button type="button" onClick={resources.loadMore}>
            More resources
          </button>
        )}
        {resources.error !== undefined && <p class="error">{resources.error}</p>}
        <h2 id="templates-heading">Templates</h2>
        <ul class="list" aria-labelledby="templates-heading">
          {templates.items.map((t) => (
            <li key={t.uriTemplate}>
              <button type="button" onClick={() => setChosen({ template: t })}>
                {t.title ?? t.name} <span class="muted">{t.uriTemplate}</span>
              </button>
            </li>
          ))}
        </ul>
        {templates.more && (
          <button type="button" onClick={templates.loadMore}>
            More templates
          </button>
        )}
      </div>
      <div class="detail">
        {chosen !== undefined && 'template' in chosen && (
          <TemplateForm key={chosen.template.uriTemplate} server={server} template={chosen.template} onRead={pick} />
        )}
        {chosen !== undefined && 'uri' in chosen && <ResourceView key={chosen.uri} server={server} uri={chosen.uri} />}
      </div>
    </div>
  );
}

/** One resource read: its contents, a subscription where offered, and its updates. */
function ResourceView({ server, uri }: { server: ServerState; uri: string }) {
  const { api, state } = useContext(InspectorContext);
  const [contents, setContents] = useState<ResourceContents[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [updatedAt, setUpdatedAt] = useState<number | undefined>(undefined);
  const subscription = useSubscription(server, uri);
  const read = () =>
    api
      .command('request', { server: server.id, method: 'resources/read', params: { uri } })
      .then((result) => setContents((result.contents ?? []) as ResourceContents[]))
      .catch((e: Error) => setError(e.message));
  useEffect(() => void read(), [uri]);
  const update = lastNotification(state.logs, server.id, 'notifications/resources/updated', (p) => p.uri === uri);
  const [seen, setSeen] = useState(update?.seq);
  useEffect(() => {
    if (update === undefined || update.seq === seen || !subscription.subscribed) return;
    setSeen(update.seq);
    void read().then(() => setUpdatedAt(update.time));
  }, [update?.seq, subscription.subscribed]);
  return (
    <section aria-labelledby="resource-title">
      <h2 id="resource-title">
        <code>{uri}</code>
      </h2>
      <div class="actions">
        <button type="button" onClick={() => void read()}>
          Read again
        </button>
        {subscription.offered && (
          <button type="button" aria-pressed={subscription.subscribed} onClick={subscription.toggle}>
            {subscription.subscribed ? 'Unsubscribe' : 'Subscribe'}
          </button>
        )}
      </div>
      <p role="status" class="muted">
        {updatedAt !== undefined &&
          `Updated at ${new Date(updatedAt).toLocaleTimeString()}: the server said it changed.`}
      </p>
      {(error ?? subscription.error) !== undefined && (
        <p role="alert" class="error">
          {error ?? subscription.error}
        </p>
      )}
      {contents !== undefined && (
        <section role="region" aria-label="Contents">
          <ContentsView contents={contents} />
        </section>
      )}
    </section>
  );
}
