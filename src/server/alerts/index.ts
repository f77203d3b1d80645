/** What other areas use of alerts: sending one through the channels its tags route it to. */
export { dispatchAlert } from './dispatch';
