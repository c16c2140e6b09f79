/**
 * One connected server: its icon and name as the page's heading, what it said of itself
 * (version, the revision and era spoken, the HTTP transport, capabilities, instructions as
 * text), and its tabs: Tools, Resources, Prompts and Tasks where its capabilities offer them,
 * Skills where it declares the extension, Network and Logs always, Auth once it asked for
 * authorization (shown in place of the tabs while it connects).
 * @module
 */
import { useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { AuthPrompt, AuthView } from './auth-view.js';
import { useObjectUrl } from './downloads.js';
import { LogsTab } from './logs-tab.js';
import { NetworkTab } from './network-tab.js';
import { PromptsTab } from './prompts-tab.js';
import { ResourcesTab } from './resources-tab.js';
import { dataIcon, serverTabs } from './server-tabs.js';
import { RootsPanel } from './roots-panel.js';
import { SkillsTab } from './skills-tab.js';
import { Tabs } from './tabs.js';
import { TasksTab } from './tasks-tab.js';
import { ToolsTab } from './tools-tab.js';

export function ServerView({ server }: { server: ServerState }) {
  const tabs = serverTabs(server);
  // None chosen yet, the first: Tools once the server says it has tools (while it connects, it
  // has no capabilities and Network comes first).
  const [chosen, setTab] = useState<string | undefined>(undefined);
  const tab = tabs.some((t) => t.id === chosen) ? chosen! : tabs[0]!.id;
  const info = server.info;
  const icon = (info?.icons ?? []).map(dataIcon).find((found) => found !== undefined);
  return (
    <section class="server" aria-labelledby="server-name">
      <div class="title">
        {icon !== undefined && <Icon data={icon.data} mime={icon.mime} />}
        <h1 id="server-name">{info?.title ?? info?.name ?? server.label}</h1>
      </div>
      <p class="facts">
        {info !== undefined ? (
          <>
            <span>version {info.version}</span> · <span>revision {info.protocolVersion}</span> ·{' '}
            <span>{info.era === 'stateless' ? 'stateless era' : 'stateful era'}</span> ·{' '}
            {info.transport !== undefined && (
              <>
                <span>{info.transport === 'sse' ? 'HTTP+SSE' : 'Streamable HTTP'}</span> ·{' '}
              </>
            )}
            <span>{server.label}</span>
          </>
        ) : (
          <span class={server.status === 'failed' ? 'error' : undefined}>
            {server.status}
            {server.error !== undefined && `: ${server.error}`}
          </span>
        )}
      </p>
      {info?.instructions !== undefined && (
        <details>
          <summary>Instructions</summary>
          <p class="pre">{info.instructions}</p>
        </details>
      )}
      {info !== undefined && (
        <details>
          <summary>Capabilities</summary>
          <pre tabIndex={0}>{JSON.stringify(info.capabilities, null, 2)}</pre>
        </details>
      )}
      <RootsPanel server={server} />
      {server.status !== 'connected' && <AuthView server={server} />}
      {server.status === 'connected' && tab !== 'auth' && <AuthPrompt server={server} />}
      {server.status === 'connected' && (
        <Tabs label="Server" tabs={tabs} selected={tab} onSelect={setTab} panel={(id) => panelOf(id, server)} />
      )}
    </section>
  );
}

function panelOf(id: string, server: ServerState) {
  switch (id) {
    case 'tools':
      return <ToolsTab server={server} />;
    case 'resources':
      return <ResourcesTab server={server} />;
    case 'prompts':
      return <PromptsTab server={server} />;
    case 'tasks':
      return <TasksTab server={server} />;
    case 'skills':
      return <SkillsTab server={server} />;
    case 'network':
      return <NetworkTab server={server} />;
    case 'auth':
      return <AuthView server={server} />;
    default:
      return <LogsTab server={server} />;
  }
}

function Icon({ data, mime }: { data: string; mime: string }) {
  const url = useObjectUrl(data, mime);
  return url === undefined ? null : <img class="icon" src={url} alt="" width={32} height={32} />;
}
