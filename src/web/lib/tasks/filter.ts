import type { Task, TaskPriority, TaskRequest, TaskStatus } from '@shared/tasks';

export type StatusFilter = 'all' | TaskStatus;
export type PriorityFilter = 'all' | TaskPriority;

export const STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To Do',
  'in-progress': 'In Progress',
  review: 'Review',
  completed: 'Completed',
};

export const PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

export type TaskCounts = Record<'total' | TaskStatus, number>;

/** The checkbox turns a completed task back to To Do, anything else to Completed. */
export function toggledStatus(status: TaskStatus): TaskStatus {
  return status === 'completed' ? 'todo' : 'completed';
}

/** The whole task as a PUT/POST body (PUT replaces every field), with some fields changed. */
export function taskToRequest(task: Task, patch: Partial<TaskRequest> = {}): TaskRequest {
  return {
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    assigneeId: task.assignee?.id ?? null,
    clientId: task.client?.id ?? null,
    websiteId: task.website?.id ?? null,
    project: task.project,
    dueDate: task.dueDate,
    estimatedHours: task.estimatedHours,
    timeSpentHours: task.timeSpentHours,
    tags: task.tags,
    ...patch,
  };
}

/** A copy titled "Copy of …" (kept within the 200-character title limit). */
export function duplicateRequest(task: Task): TaskRequest {
  return taskToRequest(task, { title: `Copy of ${task.title}`.slice(0, 200) });
}

/** A card shows at most two tags, then "+N". */
export function visibleTags(tags: readonly string[], max = 2): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/** Time spent against the estimate, 0–100 (capped); null when there is no estimate to measure against. */
export function progressPercent(spent: number, estimated: number | null): number | null {
  if (estimated === null || estimated <= 0) return null;
  return Math.min(100, Math.round((spent / estimated) * 100));
}

/** "1.5h", "4h". */
export function formatHours(hours: number): string {
  return `${Math.round(hours * 100) / 100}h`;
}

/** Two letters for an avatar: "john.smith" → "JS", "alice" → "AL". */
export function userInitials(username: string): string {
  const words = username
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters =
    words.length > 1
      ? [words[0]!, words.at(-1)!].map((w) => Array.from(w)[0])
      : Array.from(words[0] ?? '?').slice(0, 2);
  return letters.join('').toUpperCase();
}
