// Starts the web app once the browser has painted the page the server
// wrote: the page's entry script and the modules it needs are asked for
// only after that first paint, so on a slow connection the stylesheet and
// the page's words get the whole line first, and the visitor reads while
// the app arrives. The script tag that loads this file names the entry
// (data-entry) and the modules to fetch beside it (data-preload).
(function () {
  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var preload = (me.getAttribute('data-preload') || '').split(' ');
  var started = false;
  function start() {
    if (started || !entry) return;
    started = true;
    for (var i = 0; i < preload.length; i++) {
      if (!preload[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // A page opened in a background tab paints nothing until it is shown:
  // it starts at once. Otherwise it starts once the browser reports that
  // the page's words are on the screen (its first contentful paint), so
  // the app's code never competes with that paint, however slow the phone
  // is to draw it. A browser that does not report paints starts just after
  // the next frame is drawn; one that never reports it starts after 3 s.
  function afterPaint() {
    var waited = false;
    function go() {
      if (waited) return;
      waited = true;
      setTimeout(start, 0);
    }
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') < 0) {
      requestAnimationFrame(go);
      return;
    }
    var seen = new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      for (var i = 0; i < entries.length; i++) {
        if (entries[i].name === 'first-contentful-paint') {
          seen.disconnect();
          go();
        }
      }
    });
    seen.observe({ type: 'paint', buffered: true });
    setTimeout(go, 3000);
  }
  if (document.visibilityState === 'hidden') start();
  else afterPaint();

  // A painted form is typed into before the app takes over, and carried
  // into the app's form then; it is never sent from here. Its button is
  // painted disabled, which already stops Enter from sending it.
  // Its "Show password" tick (the one without a name) works here too.
  var forms = document.querySelectorAll('#root main form');
  for (var f = 0; f < forms.length; f++) {
    forms[f].addEventListener('submit', function (e) {
      e.preventDefault();
    });
    forms[f].addEventListener('change', function (e) {
      var tick = e.target;
      if (tick.type !== 'checkbox' || tick.name) return;
      var box = this.querySelector('input[autocomplete$="password"]');
      if (box) box.type = tick.checked ? 'text' : 'password';
    });
  }

  // Until the app has taken over, the painted header's buttons work from
  // here, so that on a slow phone the menu opens and the text grows at the
  // first tap, not seconds later. The app starts from what was chosen: it
  // reads the size kept below, as it keeps it itself, and draws the menu
  // and the "get involved" list open if they were left open. It then
  // replaces the painted header, and with it these handlers.
  var header = document.querySelector('#root .site-header');
  if (!header || !header.closest) return;
  var sizes = ['normal', 'large', 'largest'];
  function chooseSize(i) {
    var root = document.documentElement;
    if (i === 0) root.removeAttribute('data-text-size');
    else root.setAttribute('data-text-size', sizes[i]);
    try {
      localStorage.setItem('spdc-text-size', sizes[i]);
    } catch (err) {
      // Storage may be blocked: the cookie still holds the choice.
    }
    document.cookie = 'spdc_text_size=' + (i === 0 ? '; max-age=0' : sizes[i] + '; max-age=31536000') + '; path=/; SameSite=Lax';
    var buttons = header.querySelectorAll('.text-size-btn');
    for (var j = 0; j < buttons.length; j++) buttons[j].setAttribute('aria-pressed', String(j === i));
  }
  // expand opens or closes the part a button controls.
  function expand(button, open) {
    button.setAttribute('aria-expanded', String(open));
    if (button.className === 'menu-toggle') {
      header.classList.toggle('menu-open', open);
      return;
    }
    var list = document.getElementById(button.getAttribute('aria-controls'));
    if (list) list.hidden = !open;
    button.parentNode.classList.toggle('is-open', open);
  }
  header.addEventListener('click', function (e) {
    var button = e.target.closest('button[type="button"]');
    if (!button) return;
    var size = /text-size-(\d)/.exec(button.className);
    if (size) {
      chooseSize(Number(size[1]));
      return;
    }
    if (!button.hasAttribute('aria-expanded')) return;
    var open = button.getAttribute('aria-expanded') !== 'true';
    // The open menu is part of the page at its top: go there with it.
    if (open && button.className === 'menu-toggle' && window.scrollY > 0) window.scrollTo(0, 0);
    expand(button, open);
  });
  header.addEventListener('keydown', function (e) {
    if (e.key !== 'Escape') return;
    var open = header.querySelectorAll('[aria-expanded="true"]');
    for (var i = 0; i < open.length; i++) expand(open[i], false);
  });
})();
