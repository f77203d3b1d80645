/** How websites come to be listed: from the host's sync, never added by hand. */
export const HOW_SITES_ARRIVE =
  'Websites arrive from your hosts: connect GridPane or Kinsta on the Integrations page and every site they host is listed in Websites, with its health, versions and server, and kept up to date by each sync.';
