// The wall's four panels (decision 050): the timer, the open incidents, the last weeks' trend and the latest
// lesson. Figures carry data-wall="figure" and labels data-wall="label", which the end-to-end test measures.
import type { WallData } from '../../../common/contracts/wall';
import { DAY_MS, timerColor } from '../../../common/domain/dashboard';
import { WALL_LIMITS, WALL_TEXTS } from '../../../common/domain/wall';
import classes from './wall.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** How long ago `iso` was, in the largest whole unit: "just now", "12 min ago", "5 h ago", "3 days ago". */
export function ago(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
const SEVERITY_CLASS: Record<string, string | undefined> = {
  Critical: classes.sevCritical,
  High: classes.sevHigh,
  Medium: classes.sevMedium,
  Low: classes.sevLow,
};

function Unit({ value, label, tone }: { value: string; label: string; tone: string | undefined }) {
  return (
    <div className={classes.unit}>
      <span className={`${classes.figure} ${tone ?? ''}`} data-wall="figure">
        {value}
      </span>
      <span className={classes.label} data-wall="label">
        {label}
      </span>
    </div>
  );
}

/** Days, hours, minutes and seconds since the last incident, coloured as the dashboard's timer. */
export function TimerPanel({ data, now }: { data: WallData; now: number }) {
  if (!data.last_incident_at)
    return (
      <>
        <h2 className={classes.panelTitle}>{WALL_TEXTS.timerLabel}</h2>
        <p className={`${classes.figure} ${classes.green}`} data-wall="figure">
          {WALL_TEXTS.noIncidents}
        </p>
      </>
    );
  const seconds = Math.max(0, Math.floor((now - Date.parse(data.last_incident_at)) / 1000));
  const days = Math.floor((seconds * 1000) / DAY_MS);
  const tone = classes[timerColor(days)];
  return (
    <>
      <h2 className={classes.panelTitle}>{WALL_TEXTS.timerLabel}</h2>
      <div className={classes.units}>
        <Unit value={String(days)} label={days === 1 ? 'day' : 'days'} tone={tone} />
        <Unit value={pad(Math.floor(seconds / 3600) % 24)} label="hours" tone={tone} />
        <Unit value={pad(Math.floor(seconds / 60) % 60)} label="minutes" tone={tone} />
        <Unit value={pad(seconds % 60)} label="seconds" tone={tone} />
      </div>
    </>
  );
}

/** The open incidents, most severe first, with how long each has been open. */
export function OpenIncidentsPanel({ data, now }: { data: WallData; now: number }) {
  const { items, total } = data.open_incidents;
  return (
    <>
      <div className={classes.headline}>
        <span
          className={`${classes.figure} ${total > 0 ? classes.orange : classes.green}`}
          data-wall="figure"
        >
          {total}
        </span>
        <h2 className={classes.panelTitle}>{total === 0 ? WALL_TEXTS.openNone : WALL_TEXTS.openTitle}</h2>
      </div>
      {items.length > 0 && (
        <ul className={classes.incidents}>
          {items.map((incident) => (
            <li key={incident.id} className={classes.incident}>
              <span
                className={`${classes.label} ${classes.severity} ${SEVERITY_CLASS[incident.severity] ?? ''}`}
                data-wall="label"
              >
                {incident.severity}
              </span>
              <span className={classes.incidentTitle}>{incident.title}</span>
              <span className={classes.label} data-wall="label">
                {ago(incident.created_at, now)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {total > items.length && (
        <p className={classes.label} data-wall="label">
          {WALL_TEXTS.openMore(total - items.length)}
        </p>
      )}
    </>
  );
}

const weekLabel = (index: number, count: number) => {
  const ago = count - 1 - index;
  return ago === 0 ? 'This week' : ago === 1 ? 'Last week' : `${ago} weeks ago`;
};

/** Incidents and near-misses per week of seven days, the newest week last. */
export function TrendPanel({ data }: { data: WallData }) {
  const weeks = data.trend;
  const thisWeek = weeks.at(-1);
  const highest = Math.max(1, ...weeks.flatMap((w) => [w.incidents, w.near_misses]));
  const height = (n: number) => `${Math.round((n / highest) * 100)}%`;
  return (
    <>
      <div className={classes.headline}>
        <span className={classes.figure} data-wall="figure">
          {thisWeek?.incidents ?? 0}
        </span>
        <h2 className={classes.panelTitle}>
          {thisWeek?.incidents === 1 ? 'incident' : 'incidents'} this week ·{' '}
          {WALL_TEXTS.trendTitle.toLowerCase()}
        </h2>
      </div>
      <div className={classes.legend} aria-hidden>
        <span className={classes.label} data-wall="label">
          <span className={`${classes.key} ${classes.barIncidents}`} />
          {WALL_TEXTS.incidents}
        </span>
        <span className={classes.label} data-wall="label">
          <span className={`${classes.key} ${classes.barNearMisses}`} />
          {WALL_TEXTS.nearMisses}
        </span>
      </div>
      <div className={classes.bars}>
        {weeks.map((week, i) => (
          <div key={week.start} className={classes.week}>
            <span className={classes.label} data-wall="label" aria-hidden>
              {week.incidents} · {week.near_misses}
            </span>
            <div className={classes.pair} aria-hidden>
              <div
                className={`${classes.bar} ${classes.barIncidents}`}
                style={{ height: height(week.incidents) }}
              />
              <div
                className={`${classes.bar} ${classes.barNearMisses}`}
                style={{ height: height(week.near_misses) }}
              />
            </div>
            <span className={classes.label} data-wall="label">
              {weekLabel(i, weeks.length)}
            </span>
            <span className={classes.visuallyHidden}>
              {week.incidents} {WALL_TEXTS.incidents.toLowerCase()}, {week.near_misses}{' '}
              {WALL_TEXTS.nearMisses.toLowerCase()}
            </span>
          </div>
        ))}
      </div>
    </>
  );
}

/** The team's newest lesson, shortened when long. */
export function LessonPanel({ data, now }: { data: WallData; now: number }) {
  const lesson = data.latest_lesson;
  const text =
    lesson && lesson.text.length > WALL_LIMITS.lessonChars
      ? `${lesson.text.slice(0, WALL_LIMITS.lessonChars - 1)}…`
      : lesson?.text;
  return (
    <>
      <h2 className={classes.panelTitle}>{WALL_TEXTS.lessonTitle}</h2>
      {lesson ? (
        <>
          <blockquote className={classes.lesson}>“{text}”</blockquote>
          <p className={classes.label} data-wall="label">
            {lesson.state} · {ago(lesson.created_at, now)}
          </p>
        </>
      ) : (
        <p className={classes.lesson}>{WALL_TEXTS.lessonNone}</p>
      )}
    </>
  );
}
