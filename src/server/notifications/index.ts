/** What other areas use of notifications: telling the team through the bell. */
export { notifyTeam } from './service';
