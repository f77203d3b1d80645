/** What other areas use of clients: the text search over them and giving a website to a client. */
export { clientTextMatch } from './service';
export { setWebsiteClient } from './websites';
