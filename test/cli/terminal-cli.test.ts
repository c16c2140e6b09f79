// The command line as a person uses it, in a real pseudo-terminal (tmux): a form a server asks
// for, a progress bar and Ctrl-C during a call, and a chat that asks before each tool call.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { after, before, describe, it } from 'node:test';
import { CLI } from '../helpers/e2e.js';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm.js';
import { tmuxMissing, TmuxServer } from '../helpers/terminal.js';

const missing = tmuxMissing();

describe('mcpkit in a terminal', { skip: missing ?? false, timeout: 180_000 }, () => {
  let tmux: TmuxServer;
  let config: string;
  let llm: ScriptedLlm;
  before(async () => {
    tmux = new TmuxServer();
    config = tmux.file('mcp.json');
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { example: { command: process.execPath, args: [CLI, 'example-server'] } } }),
    );
    llm = await startScriptedLlm([]);
  });
  after(async () => {
    tmux?.close();
    await llm?.close();
  });

  const mcpkit = (...args: string[]) =>
    tmux.start(['env', 'OPENAI_API_KEY=', `MCPKIT_CACHE_DIR=${tmux.file('cache')}`, process.execPath, CLI, ...args]);

  it('shows the form a tool asks for, and sends what is typed', async () => {
    const term = mcpkit('call', '--config', config, 'example__ask_name');
    await term.waitFor('What is your name?');
    await term.waitFor('Answer (1 question)');
    term.keys('Enter');
    await term.waitFor('Name (required)');
    term.type('Ada');
    term.keys('Enter');
    await term.waitFor('Send these answers?');
    term.keys('Up', 'Enter'); // send
    const screen = await term.waitFor('Hello, Ada!');
    assert.match(screen, /Name: Ada/);
    assert.equal(await term.exitStatus(), 0);
  });

  it('draws progress as a bar, and Ctrl-C cancels the call (exit 130)', async () => {
    const term = mcpkit('call', '--config', config, 'example__count', 'n=200', 'delayMs=50');
    await term.waitFor(/example__count \[[█░]+\] +\d+% counted \d+ of 200/, 'a progress bar');
    term.keys('C-c');
    const screen = await term.waitFor('mcpkit call: cancelled');
    assert.doesNotMatch(screen, /counted to 200/);
    assert.equal(await term.exitStatus(), 130);
  });

  it('chats: asks before a tool call, streams the answer, stops an answer on Ctrl-C, ends on Ctrl-D', async () => {
    llm.push(
      { toolCalls: [{ name: 'example__echo', arguments: { text: 'ping' } }] },
      { text: ['The server ', 'said ping.'] },
      { toolCalls: [{ name: 'example__note', arguments: { text: 'secret' } }] },
      { text: ['Not noted.'] },
      { text: ['Thinking'], stall: true },
    );
    const term = mcpkit('chat', '--config', config, '--base-url', llm.openaiBaseUrl, '--model', 'local');
    await term.waitFor(/Ctrl-D ends\.\n>\s*$/, 'the prompt');
    term.type('echo ping');
    term.keys('Enter');
    let screen = await term.waitFor('Run echo?');
    assert.match(screen, /Tool call from server "example" \(not trusted\)/);
    assert.match(screen, /"text": "ping"/);
    term.keys('Up', 'Up', 'Enter'); // allow once
    await term.waitFor('The server said ping.');
    term.type('note secret');
    term.keys('Enter');
    await term.waitFor('Run note?');
    term.keys('n'); // deny
    screen = await term.waitFor('Not noted.');
    assert.match(screen, /not allowed: The user did not allow this call/);
    term.type('think');
    term.keys('Enter');
    await term.waitFor('Thinking');
    term.keys('C-c');
    await term.waitFor('(stopped)');
    await term.waitFor(/\(stopped\)\n>\s*$/, 'the prompt again');
    term.keys('C-d');
    assert.equal(await term.exitStatus(), 0);
  });
});
