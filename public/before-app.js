// Runs before the page is drawn (decision 054), for the signed-out pages the build draws beforehand:
// - sets the colour scheme on <html> as the app would once it starts (Mantine's setting, else the system's), so a
//   dark-scheme visitor does not see the page flash light;
// - starts the app (the scripts the build put in <template id="app-start">) only when it is needed: at once for a
//   visitor with a session, else on the visitor's first move (pointer, key, focus, typing, scroll). A drawn page that
//   is only read costs the phone no script; the scripts are fetched, not run, once the page has loaded, so the start
//   is quick, and what was typed or chosen in a form before it is handed to the app (web/lib/early-input.ts);
// - until the app has started (web/main.tsx marks <html data-app-started>), holds a form's own submission (it would
//   put the fields, a password, in the address) and marks the last button pressed, which the app presses again once
//   it has started (web/lib/early-input.ts).
// A file rather than an inline script: the CSP allows no inline script.
try {
  var saved = window.localStorage.getItem('mantine-color-scheme-value');
  var scheme = saved === 'light' || saved === 'dark' ? saved : null;
  if (!scheme) scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
} catch {
  // No storage or no matchMedia: the app sets the scheme when it starts.
}

function appStarted() {
  return document.documentElement.hasAttribute('data-app-started');
}

document.addEventListener(
  'submit',
  function (event) {
    if (!appStarted()) event.preventDefault();
  },
  true,
);

document.addEventListener(
  'click',
  function (event) {
    if (appStarted() || !(event.target instanceof Element)) return;
    var button = event.target.closest('button, [role="button"], input[type="submit"]');
    if (!button) return;
    var marked = document.querySelectorAll('[data-early-press]');
    for (var i = 0; i < marked.length; i++) marked[i].removeAttribute('data-early-press');
    button.setAttribute('data-early-press', '');
  },
  true,
);

(function () {
  var FIRST_MOVES = [
    'pointerdown',
    'pointermove',
    'keydown',
    'focusin',
    'input',
    'touchstart',
    'wheel',
    'scroll',
  ];
  var started = false;
  // How long the scripts' fetch waits for a paint that is not reported.
  var PAINT_WAIT_MS = 3000;

  // Only a drawn page has it; it follows this script in the document, so it is looked up once the document is parsed.
  function appStart() {
    var template = document.getElementById('app-start');
    return template instanceof HTMLTemplateElement ? template : null;
  }

  function insertScripts() {
    var template = appStart();
    // A template's scripts are inert until copied into the document, where they load and run.
    if (template) document.head.appendChild(document.importNode(template.content, true));
  }

  function start() {
    if (started) return;
    started = true;
    FIRST_MOVES.forEach(function (type) {
      window.removeEventListener(type, start, true);
    });
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', insertScripts);
    else insertScripts();
  }

  function hasSession(template) {
    try {
      if (window.sessionStorage.getItem(template.dataset.sessionKey)) return true;
    } catch {
      // No storage: no session in it.
    }
    return document.cookie.split(';').some(function (part) {
      return part.trim() === template.dataset.sessionCookie + '=1';
    });
  }

  /**
   * Into the HTTP cache only (nothing runs), so the start on the first move is quick. One file per idle moment: starting
   * a fetch costs the main thread a few milliseconds, and forty at once would block it for a noticeable while.
   */
  function prefetch() {
    var template = appStart();
    if (!template) return;
    var files = [].map.call(template.content.querySelectorAll('script[src], link[href]'), function (tag) {
      return tag.getAttribute('src') || tag.getAttribute('href');
    });
    var whenIdle = window.requestIdleCallback || setTimeout;
    (function next() {
      if (started || files.length === 0) return;
      var link = document.createElement('link');
      link.rel = 'prefetch';
      link.crossOrigin = '';
      link.href = files.shift();
      document.head.appendChild(link);
      whenIdle(next);
    })();
  }

  FIRST_MOVES.forEach(function (type) {
    window.addEventListener(type, start, { capture: true, passive: true });
  });
  document.addEventListener('DOMContentLoaded', function () {
    var template = appStart();
    // A page the script draws has its entry script in the document already; a signed-in visitor needs the app to
    // show their own page in place of the signed-out drawing.
    if (!template || hasSession(template)) start();
  });
  /**
   * Runs `work` once the drawing is on screen: its first paint reported (a frame after the load can still come before
   * it), or after PAINT_WAIT_MS where no paint is reported (a hidden tab paints nothing until shown).
   */
  function afterFirstPaint(work) {
    var done = false;
    function go() {
      if (done) return;
      done = true;
      setTimeout(work);
    }
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf('paint') < 0) return go();
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      go();
    }).observe({ type: 'paint', buffered: true });
    setTimeout(go, PAINT_WAIT_MS);
  }

  window.addEventListener('load', function () {
    afterFirstPaint(prefetch);
  });
})();
