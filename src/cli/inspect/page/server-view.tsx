/**
 * One connected server: its icon and name as the page's heading, what it said of itself
 * (version, the revision and era spoken, the HTTP transport, capabilities, instructions as
 * text), and its tabs: Tools, Resources, Prompts and Tasks where its capabilities offer them,
 * Network and Logs always.
 * @module
 */
import { useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { useObjectUrl } from './downloads.js';
import { LogsTab } from './logs-tab.js';
import { NetworkTab } from './network-tab.js';
import { PromptsTab } from './prompts-tab.js';
import { ResourcesTab } from './resources-tab.js';
import { dataIcon, serverTabs } from './server-tabs.js';
import { RootsPanel } from './roots-panel.js';
import { Tabs } from './tabs.js';
import { TasksTab } from './tasks-tab.js';
import { ToolsTab } from './tools-tab.js';

export function ServerView({ server }: { server: ServerState }) {
  const tabs = serverTabs(server);
  const [chosen, setTab] = useState(tabs[0]!.id);
  const tab = tabs.some((t) => t.id === chosen) ? chosen : tabs[0]!.id;
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
          <pre>{JSON.stringify(info.capabilities, null, 2)}</pre>
        </details>
      )}
      <RootsPanel server={server} />
      {server.status === 'connected' && (
        <Tabs label="Server" tabs={tabs} selected={tab} onSelect={setTab}>
          {tab === 'tools' && <ToolsTab server={server} />}
          {tab === 'resources' && <ResourcesTab server={server} />}
          {tab === 'prompts' && <PromptsTab server={server} />}
          {tab === 'tasks' && <TasksTab server={server} />}
          {tab === 'network' && <NetworkTab server={server} />}
          {tab === 'logs' && <LogsTab server={server} />}
        </Tabs>
      )}
    </section>
  );
}

function Icon({ data, mime }: { data: string; mime: string }) {
  const url = useObjectUrl(data, mime);
  return url === undefined ? null : <img class="icon" src={url} alt="" width={32} height={32} />;
}
