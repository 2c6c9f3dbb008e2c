// The demo video's rules (docs/product.md §2): it stops and rewinds after TIMINGS.demoVideoPauseMs of playing, and pauses
// while the tab is hidden (resuming when the visitor comes back, unless the limit stopped it).
import { useEffect, useRef } from 'react';
import { PlayBudget } from './play-budget';

export function useDemoVideo(limitMs: number) {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const budget = new PlayBudget(limitMs, () => performance.now());
    let timer: number | undefined;
    let resumeOnShow = false;

    const disarm = () => {
      window.clearTimeout(timer);
      timer = undefined;
    };
    const check = () => {
      if (budget.remaining() > 0) {
        timer = window.setTimeout(check, budget.remaining());
        return;
      }
      disarm();
      budget.reset();
      resumeOnShow = false;
      video.pause();
      video.currentTime = 0;
    };
    const onPlaying = () => {
      budget.start();
      disarm();
      timer = window.setTimeout(check, budget.remaining());
    };
    const onStopped = () => {
      budget.stop();
      disarm();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        resumeOnShow = !video.paused;
        video.pause();
      } else if (resumeOnShow) {
        resumeOnShow = false;
        // A refused play() (autoplay policy) just leaves the poster and controls; nothing to report.
        video.play().catch(() => {});
      }
    };

    video.addEventListener('playing', onPlaying);
    video.addEventListener('pause', onStopped);
    video.addEventListener('waiting', onStopped);
    document.addEventListener('visibilitychange', onVisibility);
    // Autoplay may have begun before this effect ran.
    if (!video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) onPlaying();

    return () => {
      disarm();
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('pause', onStopped);
      video.removeEventListener('waiting', onStopped);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [limitMs]);

  return ref;
}
