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
})();
