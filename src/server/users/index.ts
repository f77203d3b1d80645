/** What other areas use of users: creating and finding people, what a role may grant, a person's scope. */
export { checkedScope } from './scope';
export {
  assertAvailable,
  countUsers,
  createUser,
  findUserByEmail,
  findUserByUsername,
  insertUser,
  isUniqueViolation,
  mayGrant,
  type NewUser,
  setPasswordHash,
} from './service';
