// GET /api/triage/feedback: the outcomes of the signed-in user's own reports (confidential ones included).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { feedbackResponse, type FeedbackList } from '../../../../common/contracts/triage';
import { request } from '../../../lib/transport';
import { triageKeys } from './triage-keys';

export function fetchFeedback(signal?: AbortSignal): Promise<FeedbackList> {
  return request('/api/triage/feedback', { schema: feedbackResponse, signal });
}

export const feedbackQuery = () =>
  queryOptions({ queryKey: triageKeys.feedback(), queryFn: ({ signal }) => fetchFeedback(signal) });

export function useReportFeedback() {
  return useQuery(feedbackQuery());
}
