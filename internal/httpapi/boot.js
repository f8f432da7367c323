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
  // it starts at once. Otherwise it starts just after the next frame is
  // drawn, the first moment the page is surely on the screen.
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
