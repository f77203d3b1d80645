import {
  CheckCircle2,
  Clock3,
  HelpCircle,
  type LucideIcon,
  PauseCircle,
  Wrench,
  XCircle,
} from 'lucide-react';

export interface MonitorStatusStyle {
  label: string;
  /** Badge colours (background, text, border) for light and dark themes. */
  className: string;
  /** The colour of a bare status icon or dot. */
  iconClassName: string;
  icon: LucideIcon;
}

const grey = {
  className:
    'border-slate-300 bg-slate-100 text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-300',
  iconClassName: 'text-slate-500 dark:text-slate-400',
};
const blue = {
  className: 'border-sky-300 bg-sky-50 text-sky-800 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-300',
  iconClassName: 'text-sky-600 dark:text-sky-400',
};

/** Up green, down red, paused grey, maintenance amber, anything else or missing unknown (grey). */
const STYLES: Record<string, MonitorStatusStyle> = {
  up: {
    label: 'Up',
    icon: CheckCircle2,
    className:
      'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
    iconClassName: 'text-emerald-600 dark:text-emerald-400',
  },
  down: {
    label: 'Down',
    icon: XCircle,
    className: 'border-red-300 bg-red-50 text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-300',
    iconClassName: 'text-red-600 dark:text-red-400',
  },
  paused: { label: 'Paused', icon: PauseCircle, ...grey },
  maintenance: {
    label: 'Maintenance',
    icon: Wrench,
    className:
      'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-300',
    iconClassName: 'text-amber-600 dark:text-amber-400',
  },
  pending: { label: 'Pending', icon: Clock3, ...blue },
  validating: { label: 'Validating', icon: Clock3, ...blue },
  // The websites' monitor-data folds every other status into "other".
  other: { label: 'Other', icon: HelpCircle, ...grey },
};
const UNKNOWN: MonitorStatusStyle = { label: 'Unknown', icon: HelpCircle, ...grey };

/** How a monitor status looks: a label, colours and an icon, so colour is never the only signal. */
export function monitorStatusStyle(status: string | null | undefined): MonitorStatusStyle {
  const key = status?.trim().toLowerCase() ?? '';
  return Object.hasOwn(STYLES, key) ? (STYLES[key] as MonitorStatusStyle) : UNKNOWN;
}
