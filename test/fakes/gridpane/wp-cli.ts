/**
 * `PUT /site/run-wp-cli/{id}` with `{"wp": {"plugin"?: [...], "theme"?: [...], "core"?: [...]}}`: GridPane
 * runs each command as `wp <group> <command>` on the site's server and answers only that it did, with no
 * output and no exit status. The fake checks the body's shape (never the commands: WP-CLI, not GridPane,
 * would reject a bad one, and GridPane would still say it ran), records the run, and hands it to the
 * test's `onWpCli`, which may play the site changing (see the WordPress fake's `connectWpCli`).
 */
export type WpCliCommands = { plugin?: string[]; theme?: string[]; core?: string[] };

/** A WP-CLI run the fake accepted: on which site (its id and url), which commands, when. */
export type FakeWpCliRun = { siteId: number; url: string; wp: WpCliCommands; at: Date };

/** Called for every accepted run, after it is recorded and before GridPane answers. */
export type OnWpCli = (site: { id: number; url: string }, wp: WpCliCommands) => void;

const GROUPS = new Set(['plugin', 'theme', 'core']);

type Refusal = { status: number; body: unknown };
const refused: Refusal = {
  status: 422,
  body: {
    error: {
      code: 'invalid_request',
      message: 'The wp field must list plugin, theme or core commands.',
    },
  },
};

/** The commands of a run's body, or the 422 GridPane answers a body of another shape. */
export function wpCliCommandsOf(text: string): { wp: WpCliCommands } | { refused: Refusal } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { refused };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { refused };
  const keys = Object.keys(body);
  const wp = (body as { wp?: unknown }).wp;
  if (keys.length !== 1 || typeof wp !== 'object' || wp === null || Array.isArray(wp)) return { refused };
  const groups = Object.entries(wp);
  if (groups.length === 0) return { refused };
  for (const [group, commands] of groups) {
    if (!GROUPS.has(group) || !Array.isArray(commands)) return { refused };
    if (!commands.every((c) => typeof c === 'string')) return { refused };
  }
  return { wp: wp as WpCliCommands };
}

/** GridPane's only answer to a run: where it ran, never what happened. */
export const wpCliAnswer = (serverIp: string) => ({
  success: true,
  message: `Commands successfully executed on ${serverIp} server.`,
});
