/**
 * `mcpkit completion bash|zsh|fish`: a script that completes the commands and their options.
 * Completing tool names would start every server on each Tab, so they are left to the user.
 */
import { parseArgs } from 'node:util';
import { UsageError } from '../server-target.js';

const COMMON = [
  '--config',
  '--json',
  '--timeout',
  '--verbose',
  '--quiet',
  '--env',
  '--cwd',
  '--root',
  '--no-input',
  '--era',
  '--protocol-version',
  '--header',
  '--help',
];

/** Each command and the options it takes. */
const OPTIONS: Record<string, string[]> = {
  servers: COMMON,
  list: COMMON,
  call: [...COMMON, '--task', '--detach'],
  task: ['get', 'result', 'cancel', ...COMMON],
  read: [...COMMON, '--server'],
  skills: ['list', 'show', 'read', 'pull', ...COMMON],
  prompt: COMMON,
  chat: [...COMMON, '--provider', '--base-url', '--model', '--system', '--prompt', '--yes', '--max-steps'],
  serve: ['--config', '--http', '--port', '--help'],
  proxy: [...COMMON, '--http', '--port'],
  login: ['--client-id', '--client-secret', '--client-metadata-url', '--scope', '--help'],
  logout: ['--help'],
  'example-server': ['--http', '--port', '--auth', '--auth-port', '--redis', '--skills', '--watch', '--help'],
  completion: ['bash', 'zsh', 'fish'],
  init: ['--name', '--yes', '--force', '--help'],
};

/** Options followed by a file or directory name. */
const PATH_OPTIONS = ['--config', '--cwd', '--root', '--skills'];

export async function runCompletion(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [shell, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  const script = shell === undefined ? undefined : SCRIPTS[shell];
  if (script === undefined) throw new UsageError('which shell? usage: mcpkit completion bash|zsh|fish');
  process.stdout.write(script());
  return 0;
}

const SCRIPTS: Record<string, () => string> = {
  bash: () => `# mcpkit completion for bash: source it, or put it in your completions directory.
_mcpkit() {
  local cur prev command
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  command="\${COMP_WORDS[1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W "${Object.keys(OPTIONS).join(' ')} help" -- "$cur") )
    return
  fi
  case "$prev" in
    ${PATH_OPTIONS.join('|')}) COMPREPLY=( $(compgen -f -- "$cur") ); return ;;
  esac
  case "$command" in
${Object.entries(OPTIONS)
  .map(([name, options]) => `    ${name}) COMPREPLY=( $(compgen -W "${options.join(' ')}" -- "$cur") ) ;;`)
  .join('\n')}
  esac
}
complete -o default -F _mcpkit mcpkit
`,
  zsh: () => `#compdef mcpkit
# mcpkit completion for zsh: put it in a directory of $fpath as _mcpkit, or source it.
_mcpkit() {
  if (( CURRENT == 2 )); then
    compadd -- ${Object.keys(OPTIONS).join(' ')} help
    return
  fi
  case "\${words[CURRENT-1]}" in
    ${PATH_OPTIONS.join('|')}) _files; return ;;
  esac
  case "\${words[2]}" in
${Object.entries(OPTIONS)
  .map(([name, options]) => `    ${name}) compadd -- ${options.join(' ')} ;;`)
  .join('\n')}
  esac
  _files
}
# Autoloaded from $fpath, this file is the function; sourced, it registers it.
if [ "$funcstack[1]" = "_mcpkit" ]; then _mcpkit "$@"; else compdef _mcpkit mcpkit; fi
`,
  fish: () =>
    `# mcpkit completion for fish: put it in ~/.config/fish/completions/mcpkit.fish
complete -c mcpkit -f
complete -c mcpkit -n '__fish_use_subcommand' -a '${Object.keys(OPTIONS).join(' ')} help'
${Object.entries(OPTIONS)
  .flatMap(([name, options]) =>
    options.map((option) =>
      option.startsWith('--')
        ? `complete -c mcpkit -n '__fish_seen_subcommand_from ${name}' -l ${option.slice(2)}${PATH_OPTIONS.includes(option) ? ' -r -F' : ''}`
        : `complete -c mcpkit -n '__fish_seen_subcommand_from ${name}' -a ${option}`,
    ),
  )
  .join('\n')}
`,
};
