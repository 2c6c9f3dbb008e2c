// Contracts of confidential near-miss reports (decision 024).
import { z } from 'zod';

/** GET /api/oops/reported-by-me: the team's confidential reports the caller made (decision 024). */
export const reportedByMeResponse = z.object({ ids: z.array(z.number()) });
