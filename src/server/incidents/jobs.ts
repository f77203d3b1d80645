import { defineJob } from '../core/jobs/registry';

/** Queued when an incident opens; runs once its grouping window has passed, to announce it. */
export const INCIDENT_OPENED_JOB = defineJob<{ incidentId: number }>('incident-opened');
