// Contracts of the lessons library (decision 020): GET /api/lessons, PATCH /api/lessons/{id},
// POST /api/lessons/{id}/merge.
import { z } from 'zod';
import { dbId, dbIdText } from './safe-input';
import { REPORT_PERIOD_DAYS } from '../domain/dashboard';
import { LESSON_LIMITS, LESSON_MESSAGES, LESSON_STATES } from '../domain/lesson-texts';

const id = dbIdText();
const state = z.enum(LESSON_STATES, { error: 'State must be captured, adopted or verified.' });
const filterText = (name: string) => z.string().trim().max(100, `${name} is too long.`).optional();

export const lessonsQuery = z.strictObject({
  /** Case-insensitive substring of the lesson or of what changed. */
  search: z.string().trim().max(LESSON_LIMITS.searchMax, 'Search is too long.').optional(),
  state: state.optional(),
  /** Lessons of at least one incident of this type, department, tag, or logged in the last `period` days. */
  type: filterText('Type'),
  department: filterText('Department'),
  tag: filterText('Tag'),
  period: z.coerce
    .number({ error: `Period must be one of ${REPORT_PERIOD_DAYS.join(', ')} days.` })
    .int()
    // Bounds of the documented integer; the list below is the rule.
    .min(1, `Period must be one of ${REPORT_PERIOD_DAYS.join(', ')} days.`)
    .max(Math.max(...REPORT_PERIOD_DAYS), `Period must be one of ${REPORT_PERIOD_DAYS.join(', ')} days.`)
    .refine(
      (d) => (REPORT_PERIOD_DAYS as readonly number[]).includes(d),
      `Period must be one of ${REPORT_PERIOD_DAYS.join(', ')} days.`,
    )
    .optional(),
  /** The lessons of the incidents most similar to this text (the log form), best match first. */
  similar_to: z.string().trim().max(2000, 'Text to compare is too long.').optional(),
  limit: z.coerce.number().int().min(1).max(LESSON_LIMITS.pageMax).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type LessonsQuery = z.infer<typeof lessonsQuery>;

const person = z.object({ id: z.number(), name: z.string() }).nullable();

export const lessonSchema = z.object({
  id: z.number(),
  text: z.string(),
  state,
  what_changed: z.string().nullable(),
  adopted_by: person,
  adopted_at: z.string().nullable(),
  verified_by: person,
  verified_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  incident_count: z.number(),
  /** The newest incidents it came from (at most 10; `incident_count` says how many in all). */
  incidents: z.array(
    z.object({
      id: z.number(),
      id_slug: z.string(),
      title: z.string(),
      oops_type: z.string().nullable(),
      area_department: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const lessonsResponse = z.object({
  lessons: z.array(lessonSchema),
  /** How many match the filters. */
  matched: z.number(),
  /** Send as offset for the next page; null on the last page. */
  next_offset: z.number().nullable(),
});
export type LessonsResponse = z.infer<typeof lessonsResponse>;

export const lessonParams = z.object({ id });

export const updateLessonBody = z
  .strictObject({
    state: state.optional(),
    what_changed: z
      .string({ error: 'What changed must be text.' })
      .trim()
      .min(1, LESSON_MESSAGES.whatChangedRequired)
      .max(
        LESSON_LIMITS.whatChangedMax,
        `What changed must be at most ${LESSON_LIMITS.whatChangedMax} characters.`,
      )
      .optional(),
  })
  .refine((b) => b.state !== undefined || b.what_changed !== undefined, 'Send a state or what changed.');
export type UpdateLessonBody = z.infer<typeof updateLessonBody>;

export const mergeLessonBody = z.strictObject({
  into: dbId('Say which lesson to merge into (its id).'),
});
