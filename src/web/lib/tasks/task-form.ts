import type { TaskInput, TaskRequest } from '@shared/tasks';
import type { UseFormReturn } from 'react-hook-form';

/** The Add/Edit Task form, shared by the dialog's field groups. */
export type TaskForm = UseFormReturn<TaskRequest, unknown, TaskInput>;
