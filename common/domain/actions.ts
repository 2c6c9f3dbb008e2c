// When a follow-up action is overdue: one rule for the server's queries, the pages and the e-mails
// (docs/decisions/018-follow-up-actions.md).

/**
 * The calendar day due dates are compared with: the UTC date. A due date is a plain date without a zone, so any
 * choice is a convention; UTC is the one every process and browser agrees on.
 */
export function actionToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Open, with a due date before today: the day it was due has passed. */
export function isOverdue(action: { status: string; due_date: string | null }, today: string): boolean {
  return action.status === 'open' && action.due_date !== null && action.due_date < today;
}
