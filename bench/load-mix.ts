// The load benchmark's request mix: each connection reads with a session of its own of a team's owner (the teams in
// turn) and sends 70 % dashboard reads, 20 % list pages and searches, 10 % writes (new incidents and edits); the
// writes go to random teams with the owner's first session.
import type autocannon from 'autocannon';
import type { LoadTeam } from './app-process';
import { BROWSER_HEADERS } from './http';

/** A word in a fifth of the generated titles (bench/generate.ts): a search with many matches. */
export const COMMON_WORD = 'billing';

const DASHBOARD = ['/api/oops/stats', '/api/oops/last', '/api/oops/department-stats', '/api/oops?limit=100'];
const DEPARTMENTS = ['Engineering', 'Support', 'Operations', 'Security', 'Finance'];
const LIST_PAGES = 5;
const PAGE_SIZE = 20;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const bearer = (team: LoadTeam) => `Bearer ${team.token}`;

export function loadMix(teams: LoadTeam[]): {
  requests: autocannon.Request[];
  setupClient: (client: autocannon.Client) => void;
} {
  const writable = teams.filter((t) => t.editIds.length > 0);
  let sequence = 0;
  let clients = 0;
  const write = (req: autocannon.Request): autocannon.Request => {
    const team = pick(writable);
    const headers = { ...req.headers, authorization: bearer(team), 'content-type': 'application/json' };
    if (Math.random() < 0.5) {
      const body = JSON.stringify({
        title: `Logged under load ${++sequence}`,
        severity: pick(['Low', 'Medium', 'High']),
        description: 'Logged by the load benchmark.',
        oops_type: 'Performance Issue',
        area_department: pick(DEPARTMENTS),
      });
      return { ...req, method: 'POST', path: '/api/oops', headers, body };
    }
    const body = JSON.stringify({ title: `Edited under load ${++sequence}` });
    return { ...req, method: 'PUT', path: `/api/oops/${pick(team.editIds)}`, headers, body };
  };
  const read = (req: autocannon.Request, path: string): autocannon.Request => ({
    ...req,
    method: 'GET',
    path,
    body: undefined,
  });
  return {
    requests: [
      {
        setupRequest: (req) => {
          const r = Math.random();
          if (r < 0.7) return read(req, pick(DASHBOARD));
          if (r < 0.8) return read(req, `/api/oops?search=${COMMON_WORD}&limit=${PAGE_SIZE}`);
          if (r < 0.9) {
            const offset = PAGE_SIZE * Math.floor(Math.random() * LIST_PAGES);
            return read(req, `/api/oops?limit=${PAGE_SIZE}&offset=${offset}`);
          }
          return write(req);
        },
      },
    ],
    // The connection's own user: its headers stay with every request it sends, unless a write replaces them.
    // Connections take the teams in turn, so that the warm-up and the run that follows it (each a new set of
    // connections) read the same teams and sessions: dashboards stay open, and a run that read other teams than its
    // warm-up began with every answer of ~180 teams uncomputed and every reader's session unread (a p99 of ~400 ms
    // in its first seconds).
    setupClient: (client) => {
      const n = clients++;
      const team = teams[n % teams.length]!;
      const reader = Math.floor(n / teams.length);
      const token = team.readerTokens.length
        ? team.readerTokens[reader % team.readerTokens.length]!
        : team.token;
      client.setHeaders({ ...BROWSER_HEADERS, authorization: `Bearer ${token}` });
    },
  };
}
