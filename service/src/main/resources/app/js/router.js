// Which view the page shows, from the part of the address after '#': #/home, #/u/ada, #/p/123…
// The fragment never reaches the server, so one static index.html serves every view, and nothing
// secret is ever put there.

const routes = [];
let outlet = null;
let cleanup = null;
let guard = () => null;

/** pattern: '/u/:handle'; view(outlet, params) may answer a function that stops what it started. */
export function route(pattern, view, { open = false } = {}) {
  const names = [];
  const regex = new RegExp(`^${pattern.replace(/:(\w+)/g, (_, name) => {
    names.push(name);
    return '([^/]+)';
  })}$`);
  routes.push({ regex, names, view, open });
}

/**
 * Starts routing into el. check(route) answers another route to go to instead (e.g. '/signin' when
 * signed out), or null to go ahead; it is given whether the route is open to everyone.
 */
export function start(el, check) {
  outlet = el;
  guard = check;
  window.addEventListener('hashchange', render);
  render();
}

export function go(path) {
  if (location.hash === `#${path}`) {
    render();
  } else {
    location.hash = path;
  }
}

/** Shows the view of the current address again (after signing in or out). */
export function render() {
  const path = location.hash.replace(/^#/, '') || '/home';
  const match = find(path);
  const redirect = guard(match ? match.route.open : false);
  if (redirect && redirect !== path) {
    go(redirect);
    return;
  }
  if (!match) {
    go('/home');
    return;
  }
  if (cleanup) {
    cleanup();
    cleanup = null;
  }
  outlet.replaceChildren();
  window.scrollTo(0, 0);
  const stop = match.route.view(outlet, match.params);
  cleanup = typeof stop === 'function' ? stop : null;
  document.dispatchEvent(new CustomEvent('routed', { detail: path }));
}

function find(path) {
  for (const r of routes) {
    const m = r.regex.exec(path);
    if (m) {
      try {
        const params = {};
        r.names.forEach((name, i) => {
          params[name] = decodeURIComponent(m[i + 1]);
        });
        return { route: r, params };
      } catch {
        return null; // a malformed %-escape: no such page
      }
    }
  }
  return null;
}
