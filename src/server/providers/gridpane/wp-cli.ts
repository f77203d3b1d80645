import { isTargetVersion, SLUG_PATTERN } from '../../../shared/updates';
import type { WpCliCommands } from './types';

/**
 * The WP-CLI commands we let GridPane run on a client's server: updates only, each one checked token by
 * token, so nothing else (another subcommand, a shell character, a path, a second flag) ever leaves.
 */

const GROUPS = ['plugin', 'theme', 'core'] as const;
type Group = (typeof GROUPS)[number];

const invalid = (group: string, command: unknown) =>
  new TypeError(`Invalid GridPane WP-CLI ${group} command: ${JSON.stringify(command)}`);

/**
 * The flags after `update` (and after the slug for a plugin or theme): each one once at most, among
 * `--version=<version>`, `--force` and, for core, `--minor`. Null when any token is something else.
 */
function readFlags(tokens: string[], allowMinor: boolean) {
  const flags: { version?: string; force?: true; minor?: true } = {};
  for (const token of tokens) {
    if (token === '--force' && !flags.force) flags.force = true;
    else if (token === '--minor' && allowMinor && !flags.minor) flags.minor = true;
    else if (token.startsWith('--version=') && flags.version === undefined) {
      const version = token.slice('--version='.length);
      // The one grammar of a version an update may go to: numbers and dots, an optional suffix.
      if (!isTargetVersion(version)) return null;
      flags.version = version;
    } else return null;
  }
  return flags;
}

/** Whether one command is an update we allow; tokens are separated by exactly one space. */
function allowed(group: Group, command: string): boolean {
  const [verb, ...rest] = command.split(' ');
  if (verb !== 'update') return false;
  if (group === 'core') {
    const flags = readFlags(rest, true);
    // Exactly one target: the next minor release, or a named version.
    return flags !== null && (flags.minor === true) !== (flags.version !== undefined);
  }
  const [slug, ...flagTokens] = rest;
  return slug !== undefined && SLUG_PATTERN.test(slug) && readFlags(flagTokens, false) !== null;
}

/**
 * The body of `PUT /site/run-wp-cli/{id}`: `{"wp": {"plugin": [...], "theme": [...], "core": [...]}}`
 * with only the groups that carry commands, each command as given. Throws a TypeError, before anything
 * is sent, for a group we do not know, a command we do not allow, or no command at all.
 */
export function wpCliBody(wp: WpCliCommands): { wp: WpCliCommands } {
  if (typeof wp !== 'object' || wp === null || Array.isArray(wp)) {
    throw new TypeError('GridPane WP-CLI commands must be an object of command lists');
  }
  for (const key of Object.keys(wp)) {
    if (!(GROUPS as readonly string[]).includes(key)) throw new TypeError(`Unknown WP-CLI group: ${key}`);
  }
  const body: WpCliCommands = {};
  for (const group of GROUPS) {
    const commands: unknown = wp[group];
    if (commands === undefined) continue;
    if (!Array.isArray(commands)) throw new TypeError(`GridPane WP-CLI ${group} commands must be a list`);
    for (const command of commands) {
      if (typeof command !== 'string' || !allowed(group, command)) throw invalid(group, command);
    }
    if (commands.length > 0) body[group] = [...commands];
  }
  if (Object.keys(body).length === 0) throw new TypeError('GridPane WP-CLI needs at least one command');
  return { wp: body };
}
