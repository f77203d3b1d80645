export { invitationMailJob, purgeOldInvitations } from './service';
