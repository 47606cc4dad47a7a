// The scripts of a server-rendered page, fetched once its first screen is drawn (decision 0039). The page arrives
// complete, so nothing on that screen waits for them: the stylesheet, the text face and the first photo get the
// link to themselves, and then the entry script and the chunks the server named (data-modules) download together,
// as the module preloads in the head used to. A page drawn in the browser never uses this: its scripts are its
// first screen, and they stay in the head. Served from the site's own origin (the CSP allows no inline script).
(() => {
  const loader = document.currentScript;
  const entry = loader?.dataset.entry;
  if (!entry) return;
  const modules = (loader.dataset.modules ?? '').split(' ').filter(Boolean);

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };

  // A tab opened in the background draws nothing until it is shown: it need not wait for a frame.
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  // After the frame that draws the page (a timer set inside a frame callback runs once that frame is painted), and
  // after the page's first photo when it has one (the server marks it fetchpriority="high"): it is usually the
  // largest thing on the first screen. A photo that is slow to come does not hold the page back for long.
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  const photo = document.querySelector('#root img[fetchpriority="high"]');
  if (photo && !photo.complete) {
    photo.addEventListener('load', afterNextFrame, { once: true });
    photo.addEventListener('error', afterNextFrame, { once: true });
    setTimeout(start, 3000);
  } else {
    afterNextFrame();
  }
  // Hidden before that frame came: frame callbacks wait until the tab is shown again, so start at once.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') start();
  });
})();
