/** What other areas use of tasks: the text search over them and the scope a person sees. */
export { taskInScope, taskTextMatch } from './service';
