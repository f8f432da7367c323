// What a page's start costs the browser's main thread, from one trace per
// load: the tool to read before trusting (or blaming) a Lighthouse run.
//
//   node scripts/trace-start.mjs --base http://127.0.0.1:PORT [--runs N] \
//     [--desktop] [--save DIR] / /donation?lang=hi …
//   node scripts/trace-start.mjs --binary ../bin/spdc …
//
// With --binary (what `make trace-web` does) the script starts that spdc
// binary itself, on a free loopback port with an empty data directory,
// and stops it at the end: a fresh install's pages.
//
// Each load gets a fresh headless Chromium (CHROME_PATH, default
// /usr/bin/chromium) on a phone-sized screen, with no throttling: the
// times are this machine's own. For each load it prints
//   - the first contentful paint and the largest paint's time;
//   - layout and style time before and after the first paint;
//   - every main-thread task of 15 ms or more, when it started and the
//     largest events inside it (script, layout, style, parsing);
//   - the blocking time of those tasks (each task's time past 50 ms), and
//     the same with each task four times longer, which is roughly how
//     Lighthouse's simulated mid-range phone counts them.
// It starts with a gauge of the machine itself: a fixed loop in Node,
// timed three times. When the gauge is several times slower than usual the
// machine is busy or slow that day, and Lighthouse's blocking time (which
// multiplies every observed task) will read high whatever the code does.
//
// With --save DIR each trace is written to DIR as JSON, which Chromium's
// DevTools (Performance panel, "Load profile") opens.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { startSpdc } from './local-server.mjs';

// The trace categories DevTools' Performance panel records for a load.
const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'loading',
  'v8.execute',
  'blink',
  'toplevel',
];

// The events inside a task that say what the task was doing.
const parts = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'HitTest',
  'Decode Image',
  'GCEvent',
  'MajorGC',
  'MinorGC',
]);

function parseArgs(argv) {
  const out = { base: '', binary: '', pages: [], runs: 1, desktop: false, save: '' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--base') out.base = argv[++i];
    else if (a === '--binary') out.binary = argv[++i];
    else if (a === '--runs') out.runs = Math.max(1, parseInt(argv[++i], 10) || 1);
    else if (a === '--desktop') out.desktop = true;
    else if (a === '--save') out.save = argv[++i];
    else out.pages.push(a);
  }
  if (!out.base && !out.binary) throw new Error('--base or --binary is required');
  if (out.pages.length === 0) out.pages.push('/');
  return out;
}

/** gauge times a fixed loop of 10^8 additions: the machine's own speed. */
function gauge() {
  const start = performance.now();
  let s = 0;
  for (let i = 0; i < 1e8; i++) s += i;
  if (s < 0) console.log(s); // keeps the loop from being optimised away
  return performance.now() - start;
}

/** mainThread finds the renderer thread that parsed the page at url. */
function mainThread(events, base) {
  for (const e of events) {
    if (e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(base)) return { pid: e.pid, tid: e.tid };
  }
  return null;
}

const ms = (us) => us / 1000;
const fmt = (n) => n.toFixed(0).padStart(5);

/** summarize reads one load's trace and returns its figures. */
function summarize(trace, base) {
  const events = trace.traceEvents;
  const main = mainThread(events, base);
  if (!main) throw new Error('no main thread parsed ' + base);
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const nav = own.find((e) => e.name === 'ParseHTML')?.ts ?? 0;
  const mark = (name) => events.filter((e) => e.name === name && e.pid === main.pid).map((e) => e.ts);
  const fcp = mark('firstContentfulPaint')[0];
  const lcps = mark('largestContentfulPaint::Candidate');
  const lcp = lcps.length ? lcps[lcps.length - 1] : undefined;
  const complete = own.filter((e) => e.ph === 'X' && typeof e.dur === 'number');
  // A task can be recorded under both names, one inside the other: the
  // outermost is the task.
  const named = complete
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  for (const e of named) {
    const last = tasks[tasks.length - 1];
    if (!last || e.ts >= last.ts + last.dur) tasks.push(e);
  }
  const sumOf = (names, from, to) =>
    complete.filter((e) => names.includes(e.name) && e.ts >= from && e.ts < to).reduce((s, e) => s + e.dur, 0);
  const firstPaint = fcp ?? nav;
  const long = [];
  let blocking = 0;
  let blockingPhone = 0;
  for (const t of tasks) {
    const d = ms(t.dur);
    if (t.ts >= firstPaint) {
      blocking += Math.max(0, d - 50);
      blockingPhone += Math.max(0, d * 4 - 50);
    }
    if (d < 15) continue;
    const inside = new Map();
    for (const e of complete) {
      if (e === t || !parts.has(e.name) || e.ts < t.ts || e.ts + e.dur > t.ts + t.dur) continue;
      inside.set(e.name, (inside.get(e.name) ?? 0) + e.dur);
    }
    const top = [...inside.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
    long.push({ at: ms(t.ts - nav), dur: d, afterPaint: t.ts >= firstPaint, top: top.map(([n, us]) => `${n} ${ms(us).toFixed(0)}`) });
  }
  return {
    fcp: fcp === undefined ? null : ms(fcp - nav),
    lcp: lcp === undefined ? null : ms(lcp - nav),
    layoutBefore: ms(sumOf(['Layout'], nav, firstPaint)),
    layoutAfter: ms(sumOf(['Layout'], firstPaint, Infinity)),
    styleBefore: ms(sumOf(['UpdateLayoutTree'], nav, firstPaint)),
    styleAfter: ms(sumOf(['UpdateLayoutTree'], firstPaint, Infinity)),
    blocking,
    blockingPhone,
    long,
  };
}

async function traceOnce(url, base, desktop) {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });
  try {
    const page = await browser.newPage();
    await page.setViewport(
      desktop ? { width: 1280, height: 800 } : { width: 375, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    );
    await page.tracing.start({ categories });
    await page.goto(url, { waitUntil: 'load' });
    // The app's takeover runs after load; a few quiet seconds cover it.
    await new Promise((r) => setTimeout(r, 3000));
    const buf = await page.tracing.stop();
    return JSON.parse(Buffer.from(buf).toString('utf8'));
  } finally {
    await browser.close();
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const server = opts.base ? null : await startSpdc(opts.binary, { prefix: 'spdc-trace-' });
  if (server) opts.base = server.base;
  try {
    await tracePages(opts);
  } finally {
    await server?.stop();
  }
}

async function tracePages(opts) {
  const g = [gauge(), gauge(), gauge()].sort((a, b) => a - b);
  console.log(`machine gauge: 10^8 additions in ${g.map((x) => x.toFixed(0)).join(', ')} ms (lower is faster)`);
  if (opts.save) await mkdir(opts.save, { recursive: true });
  for (const path of opts.pages) {
    for (let run = 1; run <= opts.runs; run++) {
      const trace = await traceOnce(opts.base + path, opts.base, opts.desktop);
      if (opts.save) {
        const name = (path.replace(/[^a-z0-9]+/gi, '_') || '_') + `-${run}.json`;
        await writeFile(join(opts.save, name), JSON.stringify(trace));
      }
      const s = summarize(trace, opts.base);
      console.log(`\n${path} run ${run}: first paint ${s.fcp?.toFixed(0) ?? '?'} ms, largest paint ${s.lcp?.toFixed(0) ?? '?'} ms`);
      console.log(
        `  layout ${s.layoutBefore.toFixed(0)} ms before the first paint, ${s.layoutAfter.toFixed(0)} after; ` +
          `style ${s.styleBefore.toFixed(0)} before, ${s.styleAfter.toFixed(0)} after`,
      );
      console.log(`  blocking after the first paint: ${s.blocking.toFixed(0)} ms here, about ${s.blockingPhone.toFixed(0)} ms on a phone four times slower`);
      for (const t of s.long) {
        console.log(`  ${fmt(t.at)} ms  task ${fmt(t.dur)} ms${t.afterPaint ? '' : ' (before paint)'}  ${t.top.join(', ')}`);
      }
    }
  }
}

await main();
