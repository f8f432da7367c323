// Lighthouse (mobile) for the benchmark: `make bench` runs this against the
// real spdc binary and reads one JSON array from stdout.
//
//   node scripts/bench-web.mjs --base http://127.0.0.1:PORT [--runs N] \
//     [--token T --user '{"isAdmin":true,…}'] / /login /becomevolunteer /admin
//
// With --runs N each page is measured N times and the run with the median
// LCP is reported whole (its scores, bytes and audits), with every run's
// LCP beside it: one run on a shared machine can be far off either way.
//
// With --save DIR every run's whole Lighthouse report is written to DIR
// (the page's path and the run's number name the file), to read which
// element was the LCP, its phases and the requests before it.
//
// Each page gets a fresh headless Chromium (CHROME_PATH, default
// /usr/bin/chromium). Pages after --token are opened signed in: the session
// is written to localStorage (keys `token` and `user`, which the app reads) on the
// origin first and Lighthouse is told not to clear storage, which the CLI
// cannot do — that is why this is a script and not `npx lighthouse`.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from './chromium.mjs';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

function parseArgs(argv) {
  const out = { base: '', token: '', user: '', pages: [], signedIn: new Set(), runs: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--base') out.base = argv[++i];
    else if (a === '--token') out.token = argv[++i];
    else if (a === '--user') out.user = argv[++i];
    else if (a === '--runs') out.runs = Math.max(1, parseInt(argv[++i], 10) || 1);
    else if (a === '--signed-in') out.signedIn.add(argv[++i]);
    else if (a === '--save') out.save = argv[++i];
    else out.pages.push(a);
  }
  if (!out.base) throw new Error('--base is required');
  return out;
}

function summarize(path, lhr) {
  const audits = lhr.audits;
  const num = (id) => (audits[id] && typeof audits[id].numericValue === 'number' ? audits[id].numericValue : null);
  const items = audits['network-requests']?.details?.items ?? [];
  let bytes = 0;
  let mediaBytes = 0;
  for (const it of items) {
    const size = it.transferSize ?? 0;
    if (it.resourceType === 'Media') mediaBytes += size;
    else bytes += size;
  }
  const failed = [];
  for (const cat of Object.values(lhr.categories)) {
    for (const ref of cat.auditRefs) {
      const a = audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) failed.push(`${cat.id}:${ref.id}`);
    }
  }
  return {
    path,
    scores: Object.fromEntries(Object.values(lhr.categories).map((c) => [c.id, c.score === null ? null : Math.round(c.score * 100)])),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcpMs: num('first-contentful-paint'),
    totalBytes: num('total-byte-weight'),
    bytesWithoutMedia: bytes,
    mediaBytes,
    requests: items.length,
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    runtimeError: lhr.runtimeError?.message ?? null,
    notPerfect: failed,
  };
}

async function run(opts, path, n) {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
  });
  try {
    const signedIn = opts.signedIn.has(path);
    if (signedIn) {
      // Write the session on the origin from a throwaway tab; the tab that
      // Lighthouse drives must start blank or its trace has no navigation.
      const setup = await browser.newPage();
      await setup.goto(opts.base + '/favicon.svg');
      await setup.evaluate(
        (token, user) => {
          localStorage.setItem('token', token);
          localStorage.setItem('user', user);
        },
        opts.token,
        opts.user,
      );
      await setup.close();
    }
    const page = await browser.newPage();
    const result = await lighthouse(
      opts.base + path,
      { logLevel: 'error', output: 'json', onlyCategories: categories, disableStorageReset: signedIn },
      undefined,
      page,
    );
    if (opts.save) {
      const name = `${path.replace(/[^A-Za-z0-9]+/g, '_')}-${n}.json`;
      await mkdir(opts.save, { recursive: true });
      await writeFile(join(opts.save, name), JSON.stringify(result.lhr));
    }
    return summarize(path, result.lhr);
  } finally {
    await browser.close();
  }
}

/** measure runs Lighthouse on path, trying again when a cold Chromium
 * lost the trace of its first navigation (NO_NAVSTART): such a run
 * measured nothing. */
async function measure(opts, path, n) {
  let result;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      result = await run(opts, path, n);
    } catch (err) {
      result = { path, error: String(err?.message ?? err) };
    }
    if (!result.error && !result.runtimeError) break;
  }
  return result;
}

const opts = parseArgs(process.argv.slice(2));
const results = [];
for (const path of opts.pages) {
  const runs = [];
  for (let i = 0; i < opts.runs; i++) runs.push(await measure(opts, path, i + 1));
  const good = runs.filter((r) => !r.error && typeof r.lcpMs === 'number').sort((a, b) => a.lcpMs - b.lcpMs);
  const median = good.length > 0 ? good[(good.length - 1) >> 1] : runs[runs.length - 1];
  results.push({ ...median, runsLcpMs: good.map((r) => Math.round(r.lcpMs)) });
}
process.stdout.write(JSON.stringify(results) + '\n');
