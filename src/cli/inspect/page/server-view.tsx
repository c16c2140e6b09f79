/**
 * One connected server: its name as the page's heading, what it said of itself (version, the
 * revision and era spoken, capabilities, instructions), and its tabs.
 * @module
 */
import { useState } from 'preact/hooks';
import type { ServerState } from '../protocol.js';
import { LogsTab } from './logs-tab.js';
import { NetworkTab } from './network-tab.js';
import { RootsPanel } from './roots-panel.js';
import { Tabs } from './tabs.js';
import { ToolsTab } from './tools-tab.js';

const TABS = [
  { id: 'tools', label: 'Tools' },
  { id: 'network', label: 'Network' },
  { id: 'logs', label: 'Logs' },
];

export function ServerView({ server }: { server: ServerState }) {
  const [tab, setTab] = useState('tools');
  const info = server.info;
  return (
    <section class="server" aria-labelledby="server-name">
      <h1 id="server-name">{info?.title ?? info?.name ?? server.label}</h1>
      <p class="facts">
        {info !== undefined ? (
          <>
            <span>version {info.version}</span> · <span>revision {info.protocolVersion}</span> ·{' '}
            <span>{info.era === 'stateless' ? 'stateless era' : 'stateful era'}</span> · <span>{server.label}</span>
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
        <Tabs label="Server" tabs={TABS} selected={tab} onSelect={setTab}>
          {tab === 'tools' && <ToolsTab server={server} />}
          {tab === 'network' && <NetworkTab server={server} />}
          {tab === 'logs' && <LogsTab server={server} />}
        </Tabs>
      )}
    </section>
  );
}
