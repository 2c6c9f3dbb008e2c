// Query keys of the lessons library, in one place so a change invalidates exactly the lists it touched.

/** The page's filters, as the URL and the query key carry them ('' for "any"). */
export interface LessonFilters {
  search: string;
  state: '' | 'captured' | 'adopted' | 'verified';
  type: string;
  department: string;
  tag: string;
  period: string;
}

export const lessonKeys = {
  all: ['lessons'] as const,
  lists: () => [...lessonKeys.all, 'list'] as const,
  list: (filters: LessonFilters) => [...lessonKeys.lists(), filters] as const,
};
