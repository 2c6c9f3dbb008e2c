// Runs before the page is drawn (decision 054), for the signed-out pages the build draws beforehand:
// - sets the colour scheme on <html> as the app would once it starts (Mantine's setting, else the system's), so a
//   dark-scheme visitor does not see the page flash light;
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
