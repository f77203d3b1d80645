import type { Task } from '@shared/tasks';
import { describe, expect, it } from 'vitest';
import {
  duplicateRequest,
  formatHours,
  progressPercent,
  taskToRequest,
  toggledStatus,
  userInitials,
  visibleTags,
} from './filter';

const base: Task = {
  id: 1,
  title: 'Update plugins',
  description: 'Monthly maintenance',
  status: 'todo',
  priority: 'medium',
  assignee: { id: 3, username: 'alice' },
  client: { id: 4, name: 'Acme Ltd' },
  website: { id: 5, name: 'Acme Shop' },
  project: 'Care plan',
  dueDate: '2030-01-31',
  estimatedHours: 4,
  timeSpentHours: 1,
  tags: ['wp'],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('task helpers', () => {
  it('toggles completed back to To Do and anything else to Completed', () => {
    expect(toggledStatus('completed')).toBe('todo');
    for (const s of ['todo', 'in-progress', 'review'] as const) expect(toggledStatus(s)).toBe('completed');
  });

  it('turns a task into the full request body, and a copy titled "Copy of …"', () => {
    expect(taskToRequest(base, { status: 'review' })).toEqual({
      title: 'Update plugins',
      description: 'Monthly maintenance',
      status: 'review',
      priority: 'medium',
      assigneeId: 3,
      clientId: 4,
      websiteId: 5,
      project: 'Care plan',
      dueDate: '2030-01-31',
      estimatedHours: 4,
      timeSpentHours: 1,
      tags: ['wp'],
    });
    expect(duplicateRequest(base).title).toBe('Copy of Update plugins');
    expect(duplicateRequest({ ...base, title: 'x'.repeat(200) }).title).toHaveLength(200);
  });

  it('shows at most two tags, then how many more', () => {
    expect(visibleTags([])).toEqual({ shown: [], more: 0 });
    expect(visibleTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(visibleTags(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
  });

  it('measures progress against the estimate, capped at 100', () => {
    expect(progressPercent(1, 4)).toBe(25);
    expect(progressPercent(6, 4)).toBe(100);
    expect(progressPercent(1, null)).toBeNull();
    expect(progressPercent(1, 0)).toBeNull();
    expect(formatHours(1.5)).toBe('1.5h');
    expect(formatHours(1 / 3)).toBe('0.33h');
  });
});

describe('userInitials', () => {
  it('takes the first and last word, or the first two letters of one word', () => {
    expect(userInitials('john.smith')).toBe('JS');
    expect(userInitials('Mary Ann-Evans')).toBe('ME');
    expect(userInitials('alice')).toBe('AL');
    expect(userInitials('x')).toBe('X');
  });
});
