/**
 * Slack reads `&`, `<` and `>` as markup: `<!channel>` pings everyone, `<https://x|label>` is a link
 * showing only its label. Text that came from people or providers (names, domains, causes) goes in
 * as entities, so Slack shows it exactly as typed and never turns it into a mention or a link.
 */
export const slackEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * One of our own links: `label` leading to `url`. The address is normalised first (spaces, `<`, `>`
 * percent-encoded), and `|`, which would end it early, is percent-encoded too.
 */
export const slackLink = (url: string, label: string) =>
  `<${slackEscape(new URL(url).href.replace(/\|/g, '%7C'))}|${slackEscape(label)}>`;

/** An alert as Slack text: the title in bold, the body, and the link into Agency Hub. */
export const slackText = (alert: { title: string; body: string; url: string }) =>
  `*${slackEscape(alert.title)}*\n${slackEscape(alert.body)}\n${slackLink(alert.url, 'Open in Agency Hub')}`;
