// The host's configuration reader: the `mcpServers` files of Claude Desktop, Cursor and Claude
// Code, VS Code's `servers` and `inputs`, interpolation, env files, relative paths, and an error
// for every kind of bad input that names its file, server and field. Files are written into a
// temporary directory of each test's own.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import {
  checkServerConfig,
  ConfigError,
  findConfig,
  parseConfig,
  readConfig,
  type ConfigInput,
  type ConfigOptions,
  type StdioServerConfig,
} from '../../src/host/index.js';

const root = mkdtempSync(join(tmpdir(), 'mcpkit-host-config-'));
after(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;

/** A fresh directory holding `files` (paths relative to it; objects are written as JSON). */
function directory(files: Record<string, string | object> = {}): string {
  const dir = join(root, `case-${++dirs}`);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Expects `run` to fail with a ConfigError whose message is exactly `lines`, one per problem. */
async function fails(run: () => Promise<unknown>, ...lines: string[]): Promise<ConfigError> {
  let caught: unknown;
  try {
    await run();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof ConfigError, `a ConfigError, not ${String(caught)}`);
  assert.equal(caught.message, lines.join('\n'));
  assert.equal(caught.problems.length, lines.length);
  return caught;
}

const defaults = { trusted: false, start: 'lazy', disabled: false } as const;
/** Reads `document` as `.mcp.json` would be, with an environment of our own. */
const parse = (document: object | string, options: ConfigOptions = {}) =>
  parseConfig(document, { file: '.mcp.json', env: {}, ...options });

describe('the configuration formats', () => {
  it('reads Claude Desktop and Cursor stdio entries, keeping other tools’ fields out', async () => {
    const dir = directory({
      'claude_desktop_config.json': {
        mcpServers: {
          files: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
            env: { LOG: 'debug', PORT: 8080 },
            autoApprove: ['read_file'],
            description: 'a field of another tool',
          },
          bare: { command: 'server' },
        },
        globalShortcut: 'Ctrl+Space',
      },
    });
    const config = await readConfig(join(dir, 'claude_desktop_config.json'), { env: {} });
    assert.deepEqual(config, {
      file: join(dir, 'claude_desktop_config.json'),
      servers: {
        files: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
          env: { LOG: 'debug', PORT: '8080' },
          ...defaults,
        },
        bare: { type: 'stdio', command: 'server', args: [], env: {}, ...defaults },
      },
    });
  });

  it('reads remote entries: a url alone is http, the aliases of http, and sse', async () => {
    const config = await parse({
      mcpServers: {
        plain: { url: 'https://example.com/mcp' },
        http: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' } },
        dashed: { type: 'streamable-http', url: 'http://127.0.0.1:3000/mcp' },
        camel: { type: 'streamableHttp', url: 'http://127.0.0.1:3000/mcp' },
        sse: { type: 'sse', url: 'http://127.0.0.1:3000/sse' },
      },
    });
    assert.deepEqual(config.servers, {
      plain: { type: 'http', url: 'https://example.com/mcp', headers: {}, ...defaults },
      http: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' }, ...defaults },
      dashed: { type: 'http', url: 'http://127.0.0.1:3000/mcp', headers: {}, ...defaults },
      camel: { type: 'http', url: 'http://127.0.0.1:3000/mcp', headers: {}, ...defaults },
      sse: { type: 'sse', url: 'http://127.0.0.1:3000/sse', headers: {}, ...defaults },
    });
    assert.equal(config.file, join(process.cwd(), '.mcp.json'));
  });

  it('reads VS Code’s format, with comments, trailing commas, inputs and an env file', async () => {
    const dir = directory({
      '.vscode/mcp.json': `{
        // VS Code reads this file as JSON with comments.
        "inputs": [
          { "type": "promptString", "id": "token", "description": "GitHub token", "password": true },
        ],
        "servers": {
          "github": {
            "type": "http",
            "url": "https://api.example.com/mcp/",
            "headers": { "Authorization": "Bearer \${input:token}" },
          },
          "local": {
            "type": "stdio",
            "command": "node",
            "args": ["\${workspaceFolder}/server.js"],
            "envFile": "\${workspaceFolder}/.env",
            "dev": { "watch": "src/**/*.ts" }, /* VS Code's own */
          },
        },
      }`,
      '.env': 'FROM_FILE=yes\n',
    });
    const asked: ConfigInput[] = [];
    const config = await readConfig(join(dir, '.vscode/mcp.json'), {
      env: {},
      workspace: dir,
      input: (input) => {
        asked.push(input);
        return 'secret';
      },
    });
    assert.deepEqual(asked, [{ type: 'promptString', id: 'token', description: 'GitHub token', password: true }]);
    assert.deepEqual(config.servers, {
      github: {
        type: 'http',
        url: 'https://api.example.com/mcp/',
        headers: { Authorization: 'Bearer secret' },
        ...defaults,
      },
      local: { type: 'stdio', command: 'node', args: [`${dir}/server.js`], env: { FROM_FILE: 'yes' }, ...defaults },
    });
  });

  it('reads a file with both mcpServers and servers, and an empty one', async () => {
    const config = await parse({ mcpServers: { a: { command: 'a' } }, servers: { b: { url: 'http://h/' } } });
    assert.deepEqual(Object.keys(config.servers), ['a', 'b']);
    assert.deepEqual(await parse({ mcpServers: {} }), { servers: {}, file: join(process.cwd(), '.mcp.json') });
  });

  it('keeps server names as given, any non-empty string, __proto__ too', async () => {
    const dir = directory({
      '.mcp.json':
        '{ "mcpServers": { "my server/ü": { "command": "x" }, "__proto__": { "command": "y", "env": { "__proto__": "v" }, "envFile": ".env" } } }',
      '.env': '__proto__=from file\nOTHER=1',
    });
    const config = await readConfig(join(dir, '.mcp.json'), { env: {} });
    assert.deepEqual(Object.keys(config.servers), ['my server/ü', '__proto__']);
    const proto = Object.getOwnPropertyDescriptor(config.servers, '__proto__')?.value as StdioServerConfig;
    assert.equal(proto.command, 'y');
    assert.deepEqual(Object.entries(proto.env), [
      ['__proto__', 'v'],
      ['OTHER', '1'],
    ]);
  });

  it('reads the host’s own settings of an entry', async () => {
    const config = await parse({
      mcpServers: {
        set: {
          command: 'x',
          trusted: true,
          start: 'eager',
          timeoutMs: 5000,
          tools: { allow: ['read_*', 'list'], deny: ['delete_*'] },
          consent: { read_file: 'allow', '*': 'ask', delete_file: 'deny' },
        },
      },
    });
    assert.deepEqual(config.servers.set, {
      type: 'stdio',
      command: 'x',
      args: [],
      env: {},
      trusted: true,
      start: 'eager',
      disabled: false,
      timeoutMs: 5000,
      tools: { allow: ['read_*', 'list'], deny: ['delete_*'] },
      consent: { read_file: 'allow', '*': 'ask', delete_file: 'deny' },
    });
  });

  it("reads an entry's own roots: interpolated, relative to the file, file URIs kept", async () => {
    const config = await parse(
      { mcpServers: { r: { url: 'http://127.0.0.1:1/mcp', roots: ['data', '${PROJECTS}/site', 'file:///srv/x'] } } },
      { env: { PROJECTS: '/home/ada/projects' } },
    );
    assert.deepEqual(config.servers.r?.roots, [resolve('data'), '/home/ada/projects/site', 'file:///srv/x']);
    await assert.rejects(parse({ mcpServers: { r: { command: 'x', roots: 'data' } } }), /field "roots"/);
  });

  it('checks a disabled entry but resolves nothing of it: no variable, no input, no env file', async () => {
    let asked = 0;
    const config = await parse(
      {
        inputs: [{ type: 'promptString', id: 'key', description: 'Key' }],
        mcpServers: {
          off: {
            command: '${UNSET}',
            args: ['${input:key}'],
            cwd: 'sub',
            envFile: 'missing.env',
            disabled: true,
          },
        },
      },
      { input: () => String(++asked) },
    );
    assert.equal(asked, 0);
    assert.deepEqual(config.servers.off, {
      type: 'stdio',
      command: '${UNSET}',
      args: ['${input:key}'],
      env: {},
      cwd: 'sub',
      trusted: false,
      start: 'lazy',
      disabled: true,
    });
    await fails(
      () => parse({ mcpServers: { off: { command: 1, disabled: true } } }),
      '.mcp.json: server "off", field "command": must be a string, not a number',
    );
  });
});

describe('interpolation', () => {
  const env = { HOST: 'example.com', TOKEN: 't0k', EMPTY: '', BIN: '/usr/bin/server' };

  it('expands every form in every string of an entry', async () => {
    const dir = directory({ 'conf/vars.env': 'A=1\n', 'conf/sub/.keep': '' });
    const config = await parseConfig(
      {
        mcpServers: {
          run: {
            command: '${BIN}',
            args: ['--home=${userHome}', '--ws=${workspaceFolder}', '${env:TOKEN}', '$TOKEN', 'a${HOST}b${HOST}c'],
            env: {
              KEY: '${TOKEN}',
              DEFAULTED: '${MISSING:-fallback}',
              EMPTIED: '${EMPTY:-was empty}',
              KEPT: '${HOST:-no}',
            },
            cwd: '${workspaceFolder}/conf/sub',
            envFile: '${workspaceFolder}/conf/${FILE:-vars}.env',
          },
          remote: {
            url: 'https://${HOST}/${env:PATH_PART:-mcp}',
            headers: { Authorization: 'Bearer ${TOKEN}', 'X-Empty': '${EMPTY}', 'X-Set': '${env:EMPTY:-}' },
          },
        },
      },
      { env, workspace: dir },
    );
    assert.deepEqual(config.servers.run, {
      type: 'stdio',
      command: '/usr/bin/server',
      args: [`--home=${homedir()}`, `--ws=${dir}`, 't0k', '$TOKEN', 'aexample.combexample.comc'],
      env: { A: '1', KEY: 't0k', DEFAULTED: 'fallback', EMPTIED: 'was empty', KEPT: 'example.com' },
      cwd: join(dir, 'conf/sub'),
      ...defaults,
    });
    assert.deepEqual(config.servers.remote, {
      type: 'http',
      url: 'https://example.com/mcp',
      headers: { Authorization: 'Bearer t0k', 'X-Empty': '', 'X-Set': '' },
      ...defaults,
    });
  });

  it('reads process.env and process.cwd() when given neither', async () => {
    const name = `MCPKIT_CONFIG_TEST_${process.pid}`;
    process.env[name] = 'from process';
    try {
      const config = await parseConfig({ mcpServers: { s: { command: `\${${name}}`, args: ['${workspaceFolder}'] } } });
      assert.deepEqual(config.servers.s, {
        type: 'stdio',
        command: 'from process',
        args: [process.cwd()],
        env: {},
        ...defaults,
      });
    } finally {
      delete process.env[name];
    }
  });

  it('names the file, server, field and variable of an unset variable', async () => {
    await fails(
      () => parse({ mcpServers: { github: { command: 'gh', env: { TOKEN: '${env:GITHUB_TOKEN}' } } } }),
      '.mcp.json: server "github", field "env.TOKEN": ${env:GITHUB_TOKEN} is not set',
    );
  });

  it('refuses a ${...} that is none of the forms, and one never closed', async () => {
    const forms =
      'the forms are ${NAME}, ${NAME:-default}, ${env:NAME}, ${input:id}, ${workspaceFolder} or ${userHome}';
    await fails(
      () =>
        parse({
          mcpServers: {
            s: { command: 'x', args: ['${config:python.path}', '${ SPACED }', '${1ST}', 'tail ${OPEN'] },
          },
        }),
      `.mcp.json: server "s", field "args[0]": \${config:python.path} is not a known form; ${forms}`,
      `.mcp.json: server "s", field "args[1]": \${ SPACED } is not a known form; ${forms}`,
      `.mcp.json: server "s", field "args[2]": \${1ST} is not a known form; ${forms}`,
      `.mcp.json: server "s", field "args[3]": "\${OPEN" has no closing "}"; ${forms}`,
    );
  });
});

describe('inputs', () => {
  const inputs = [
    { type: 'promptString', id: 'token', description: 'API token', password: true },
    { type: 'pickString', id: 'region', description: 'Region', options: ['eu', 'us'], default: 'eu' },
    { type: 'promptString', id: 'unused', description: 'Never referred to' },
  ];

  it('asks each input once per read, in the order first referred to, and answers every reference', async () => {
    const asked: string[] = [];
    const input = async (declaration: ConfigInput) => {
      asked.push(declaration.id);
      await new Promise((resolve) => setImmediate(resolve));
      return declaration.type === 'pickString' ? declaration.options[1]! : `<${declaration.id}>`;
    };
    const document = {
      inputs,
      servers: {
        a: { type: 'stdio', command: 'x', args: ['${input:region}', '${input:token}'], env: { T: '${input:token}' } },
        b: { type: 'http', url: 'https://${input:region}.example.com/', headers: { K: '${input:token}' } },
      },
    };
    const config = await parse(document, { input });
    assert.deepEqual(asked, ['region', 'token']);
    assert.deepEqual(config.servers.a, {
      type: 'stdio',
      command: 'x',
      args: ['us', '<token>'],
      env: { T: '<token>' },
      ...defaults,
    });
    assert.deepEqual(config.servers.b, {
      type: 'http',
      url: 'https://us.example.com/',
      headers: { K: '<token>' },
      ...defaults,
    });
    await parse(document, { input });
    assert.deepEqual(asked, ['region', 'token', 'region', 'token'], 'a second read asks again');
  });

  it('gives the hook the whole declaration', async () => {
    const seen: ConfigInput[] = [];
    await parse(
      { inputs, servers: { s: { command: '${input:region}', args: ['${input:token}'] } } },
      { input: (declaration) => (seen.push(declaration), 'v') },
    );
    assert.deepEqual(seen, [
      { type: 'pickString', id: 'region', description: 'Region', options: ['eu', 'us'], default: 'eu' },
      { type: 'promptString', id: 'token', description: 'API token', password: true },
    ]);
  });

  it('asks nothing while the file has other problems', async () => {
    let asked = 0;
    await fails(
      () =>
        parse(
          { inputs, servers: { a: { command: '${input:token}' }, b: { command: 'x', env: { K: '${NOPE}' } } } },
          { input: () => String(++asked) },
        ),
      '.mcp.json: server "b", field "env.K": ${NOPE} is not set',
    );
    assert.equal(asked, 0);
  });

  it('refuses an undeclared input, an input without a hook, and a hook that answers no string', async () => {
    await fails(
      () => parse({ inputs, servers: { s: { command: '${input:nope}', args: ['${input:token}'] } } }),
      '.mcp.json: server "s", field "command": ${input:nope}: no input "nope" is declared in "inputs"',
      '.mcp.json: server "s", field "args[0]": ${input:token} needs an answer, and no input hook was given',
    );
    await fails(
      () =>
        parse(
          { inputs, servers: { s: { command: '${input:token}' } } },
          { input: () => undefined as unknown as string },
        ),
      '.mcp.json: the input hook answered nothing for ${input:token}, not a string',
    );
  });

  it('lets the hook’s own failure through as it is', async () => {
    const cancelled = new Error('cancelled by the user');
    await assert.rejects(
      parse({ inputs, servers: { s: { command: '${input:token}' } } }, { input: () => Promise.reject(cancelled) }),
      (error) => error === cancelled,
    );
  });

  it('refuses bad declarations', async () => {
    await fails(
      () =>
        parse({
          inputs: [
            { type: 'command', id: 'c', command: 'shellCommand.execute' },
            { type: 'promptString', description: 'no id' },
            { type: 'pickString', id: 'p', description: 'P', options: [] },
            { type: 'promptString', id: 'c', description: 1, password: 'yes', default: 2 },
            'text',
          ],
          servers: {},
        }),
      '.mcp.json: field "inputs[0].type": must be "promptString" or "pickString", not "command"',
      '.mcp.json: field "inputs[1].id": must be a non-empty string, not nothing',
      '.mcp.json: field "inputs[2].options": must be a non-empty array of strings',
      '.mcp.json: field "inputs[3].description": must be a string, not a number',
      '.mcp.json: field "inputs[3].default": must be a string, not a number',
      '.mcp.json: field "inputs[3].password": must be true or false, not a string',
      '.mcp.json: field "inputs[4]": must be an object, not a string',
    );
    await fails(() => parse({ inputs: {}, servers: {} }), '.mcp.json: field "inputs": must be an array, not an object');
  });
});

describe('env files and relative paths', () => {
  it('reads the dotenv format, from the configuration’s directory, under the entry’s env', async () => {
    const dir = directory({
      'project/.mcp.json': {
        mcpServers: { s: { command: 'x', envFile: '.env', cwd: 'tools', env: { OVERRIDDEN: 'by env' } } },
      },
      'project/.env': [
        '# a comment',
        '',
        'PLAIN=value',
        'SPACED = spaced value   ',
        'export EXPORTED=yes',
        'INLINE=kept # cut here',
        'HASH=a#b',
        'DOUBLE="line one\\nline two \\"quoted\\" \\\\ # not a comment"',
        "SINGLE='no \\n escape'  # after",
        'BACKTICK=`back tick`',
        'MULTI="first',
        'second"',
        'EMPTY=',
        'DOTTED.NAME-1=ok',
        'OVERRIDDEN=by file',
        'PLAIN=later wins',
        '',
      ].join('\r\n'),
    });
    // The process's own directory is elsewhere: the paths are the file's, not the process's.
    const config = await readConfig(join(dir, 'project/.mcp.json'), { env: {} });
    assert.deepEqual(config.servers.s, {
      type: 'stdio',
      command: 'x',
      args: [],
      env: {
        PLAIN: 'later wins',
        SPACED: 'spaced value',
        EXPORTED: 'yes',
        INLINE: 'kept',
        HASH: 'a#b',
        DOUBLE: 'line one\nline two "quoted" \\ # not a comment',
        SINGLE: 'no \\n escape',
        BACKTICK: 'back tick',
        MULTI: 'first\nsecond',
        EMPTY: '',
        'DOTTED.NAME-1': 'ok',
        OVERRIDDEN: 'by env',
      },
      cwd: join(dir, 'project/tools'),
      ...defaults,
    });
  });

  it('takes relative paths from the workspace when there is no file', async () => {
    const dir = directory({ 'vars.env': 'A=1' });
    const config = await checkServerConfig('s', { command: 'x', cwd: '.', envFile: 'vars.env' }, { workspace: dir });
    assert.deepEqual(config, { type: 'stdio', command: 'x', args: [], env: { A: '1' }, cwd: dir, ...defaults });
  });

  it('keeps absolute paths as they are', async () => {
    const dir = directory({ 'abs.env': 'B=2' });
    const config = await parse({ mcpServers: { s: { command: 'x', cwd: dir, envFile: join(dir, 'abs.env') } } });
    assert.deepEqual(config.servers.s, {
      type: 'stdio',
      command: 'x',
      args: [],
      env: { B: '2' },
      cwd: dir,
      ...defaults,
    });
  });

  it('refuses an env file that cannot be read or is not dotenv', async () => {
    const dir = directory({
      '.mcp.json': {
        mcpServers: {
          missing: { command: 'x', envFile: 'nope.env' },
          folder: { command: 'x', envFile: 'sub' },
          syntax: { command: 'x', envFile: 'bad.env' },
          unclosed: { command: 'x', envFile: 'unclosed.env' },
          trailing: { command: 'x', envFile: 'trailing.env' },
        },
      },
      'sub/.keep': '',
      'bad.env': 'GOOD=1\n\nthis is not an assignment\n',
      'unclosed.env': 'A=1\nKEY="never closed\nmore\n',
      'trailing.env': "KEY='value' extra\n",
    });
    const file = join(dir, '.mcp.json');
    await fails(
      () => readConfig(file, { env: {} }),
      `${file}: server "missing", field "envFile": ${join(dir, 'nope.env')} cannot be read: no such file`,
      `${file}: server "folder", field "envFile": ${join(dir, 'sub')} cannot be read: it is a directory`,
      `${file}: server "syntax", field "envFile": ${join(dir, 'bad.env')}, line 3: expected KEY=VALUE, found "this is not an assignment"`,
      `${file}: server "unclosed", field "envFile": ${join(dir, 'unclosed.env')}, line 2: the " quote of KEY is not closed`,
      `${file}: server "trailing", field "envFile": ${join(dir, 'trailing.env')}, line 1: unexpected "extra" after the closing quote of KEY`,
    );
  });

  it('refuses an env file it may not read', { skip: process.getuid?.() === 0 && 'root reads every file' }, async () => {
    const dir = directory({
      'secret.env': 'A=1',
      '.mcp.json': { mcpServers: { s: { command: 'x', envFile: 'secret.env' } } },
    });
    chmodSync(join(dir, 'secret.env'), 0o000);
    await fails(
      () => readConfig(join(dir, '.mcp.json'), { env: {} }),
      `${join(dir, '.mcp.json')}: server "s", field "envFile": ${join(dir, 'secret.env')} cannot be read: permission denied`,
    );
  });
});

describe('errors name the file, the server and the field', () => {
  it('reports text that is not JSON with its line and column', async () => {
    await fails(
      () => parse('{\n  "mcpServers": {\n    "a": { "command": }\n  }\n}'),
      '.mcp.json:3:23: not valid JSON: value expected',
    );
    await fails(() => parse('{ "mcpServers": { "a": {} } '), '.mcp.json:1:29: not valid JSON: close brace expected');
    await fails(() => parse(''), '.mcp.json:1:1: not valid JSON: value expected');
  });

  it('reports a file that cannot be read', async () => {
    const dir = directory();
    await fails(() => readConfig(join(dir, '.mcp.json')), `${join(dir, '.mcp.json')}: cannot be read: no such file`);
  });

  it('reports a document of the wrong shape', async () => {
    await fails(() => parse('[]'), '.mcp.json: must be an object with "mcpServers" or "servers", not an array');
    await fails(
      () => parse({ servers: [] }),
      '.mcp.json: field "servers": must be an object of servers by name, not an array',
    );
    await fails(() => parse({ mcp: {} }), '.mcp.json: has neither "mcpServers" nor "servers"');
    await fails(
      () => parse({ mcpServers: { a: { command: 'x' } }, servers: { a: { command: 'y' } } }),
      '.mcp.json: server "a": is named in both "mcpServers" and "servers"',
    );
  });

  it('reports each wrong field of each entry, all at once', async () => {
    const error = await fails(
      () =>
        parse({
          mcpServers: {
            '': { command: 'x' },
            text: 'npx server',
            both: { command: 'x', url: 'http://h/' },
            neither: { args: [] },
            websocket: { type: 'ws', url: 'ws://h/' },
            mismatch: { type: 'stdio', url: 'http://h/' },
            remote: { type: 'sse', command: 'x' },
            fields: {
              command: '',
              args: ['ok', 2],
              env: { A: true, B: null },
              cwd: 3,
              envFile: false,
              trusted: 'yes',
              disabled: 0,
              start: 'now',
              timeoutMs: -1,
              tools: { allow: 'read', deny: [null] },
              consent: { read: 'always' },
            },
            headers: { url: 'http://h/', headers: ['x'] },
            tools: { url: 'http://h/', tools: [], consent: 'ask' },
            url: { url: 42 },
          },
        }),
      '.mcp.json: server "": a server name must not be empty',
      '.mcp.json: server "text": the entry must be an object, not a string',
      '.mcp.json: server "both": has both "command" and "url"; a server is either run (command) or reached (url)',
      '.mcp.json: server "neither": needs "command" (a server to run) or "url" (a server to reach)',
      '.mcp.json: server "websocket", field "type": "ws" is not a known type; the types are stdio, http (or streamable-http) and sse',
      '.mcp.json: server "mismatch", field "type": "stdio" needs "command", not "url"',
      '.mcp.json: server "remote", field "type": "sse" needs "url", not "command"',
      '.mcp.json: server "fields", field "trusted": must be true or false, not "yes"',
      '.mcp.json: server "fields", field "disabled": must be true or false, not 0',
      '.mcp.json: server "fields", field "start": must be "lazy" or "eager", not "now"',
      '.mcp.json: server "fields", field "timeoutMs": must be a number of milliseconds above 0, not -1',
      '.mcp.json: server "fields", field "tools.allow": must be an array of strings, not a string',
      '.mcp.json: server "fields", field "tools.deny[0]": must be a string, not null',
      '.mcp.json: server "fields", field "consent.read": must be "allow", "deny" or "ask", not "always"',
      '.mcp.json: server "fields", field "command": must not be empty',
      '.mcp.json: server "fields", field "args[1]": must be a string, not a number',
      '.mcp.json: server "fields", field "env.A": must be a string, not a boolean',
      '.mcp.json: server "fields", field "env.B": must be a string, not null',
      '.mcp.json: server "fields", field "cwd": must be a string, not a number',
      '.mcp.json: server "fields", field "envFile": must be a string, not a boolean',
      '.mcp.json: server "headers", field "headers": must be an object of strings, not an array',
      '.mcp.json: server "tools", field "tools": must be an object ({ "allow": [...], "deny": [...] }), not an array',
      '.mcp.json: server "tools", field "consent": must be an object of tool names to "allow", "deny" or "ask", not a string',
      '.mcp.json: server "url", field "url": must be a string, not a number',
    );
    assert.equal(error.file, '.mcp.json');
    assert.deepEqual(error.problems[4], {
      server: 'websocket',
      field: 'type',
      message: '"ws" is not a known type; the types are stdio, http (or streamable-http) and sse',
    });
  });

  it('reports a url that is not http, once interpolated', async () => {
    await fails(
      () => parse({ mcpServers: { a: { url: 'ftp://h/' }, b: { url: '${HOST}' } } }, { env: { HOST: 'example.com' } }),
      '.mcp.json: server "a", field "url": "ftp://h/" is not an http: or https: URL',
      '.mcp.json: server "b", field "url": "example.com" is not an http: or https: URL',
    );
  });

  it('names no file for an entry given in code', async () => {
    await fails(
      () => checkServerConfig('code', { command: ['node'] }),
      'server "code", field "command": must be a string, not an array',
    );
    await fails(
      () => checkServerConfig('code', { url: '${NOT_SET_ANYWHERE}' }, { env: {} }),
      'server "code", field "url": ${NOT_SET_ANYWHERE} is not set',
    );
    await fails(
      () => checkServerConfig('', { command: 'x' }, { file: 'settings.json' }),
      'settings.json: server "": a server name must not be empty',
    );
  });

  it('resolves an entry given in code like one in a file', async () => {
    const config = await checkServerConfig(
      'api',
      { type: 'streamable-http', url: 'https://${HOST}/mcp', headers: { A: '${KEY:-none}' }, trusted: true },
      { env: { HOST: 'h.example' } },
    );
    assert.deepEqual(config, {
      type: 'http',
      url: 'https://h.example/mcp',
      headers: { A: 'none' },
      trusted: true,
      start: 'lazy',
      disabled: false,
    });
  });
});

describe('findConfig', () => {
  it('finds .mcp.json, then .vscode/mcp.json, then .cursor/mcp.json, then mcp.json', async () => {
    const all = { '.mcp.json': '{}', '.vscode/mcp.json': '{}', '.cursor/mcp.json': '{}', 'mcp.json': '{}' };
    const dir = directory(all);
    assert.equal(await findConfig(dir), join(dir, '.mcp.json'));
    rmSync(join(dir, '.mcp.json'));
    assert.equal(await findConfig(dir), join(dir, '.vscode/mcp.json'));
    rmSync(join(dir, '.vscode'), { recursive: true });
    assert.equal(await findConfig(dir), join(dir, '.cursor/mcp.json'));
    rmSync(join(dir, '.cursor'), { recursive: true });
    assert.equal(await findConfig(dir), join(dir, 'mcp.json'));
  });

  it('finds nothing where there is nothing, and skips a directory of the name', async () => {
    const dir = directory({ '.mcp.json/inner': 'x', 'sub/.mcp.json': '{}' });
    assert.equal(await findConfig(dir), undefined);
    assert.equal(await findConfig(join(dir, 'missing')), undefined);
  });
});
