import { Bell } from 'lucide-react';

/** The notifications bell (the people feature fills in the list and live badge). */
export function NotificationsBell() {
  return (
    <button aria-label="Notifications" className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
      <Bell className="h-5 w-5" />
    </button>
  );
}
