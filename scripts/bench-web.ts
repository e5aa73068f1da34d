// npm run bench:web [-- --quick] [--runs N] [--no-doc]
// The web bars of docs/product.md §15 on the built app with the reference data set (10,000 agents): the JavaScript the
// landing page loads (gzip), that the owner and agent dashboards are chunks of their own, Lighthouse performance and
// accessibility for the landing page, /agents and the owner dashboard, and the time to switch to each owner
// dashboard tab in Chromium (measured, not asserted). Prints a table and keeps it in docs/performance.md.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'vite';
import { loadConfig } from '../server/config';
import { machineLine, markdownTable, writeDocSection } from './bench/report';
import { CHROMIUM_FLAGS } from './support/chromium-flags';
import { exitAfterOutput } from './support/cli';
import { projectRoot } from './support/project-root';
import { preparePglite, preparePostgres } from './bench/data-set';
import { machineInfo } from './bench/machine';
import { signIn } from './bench/requests';
import { QUICK_RUN } from './bench/run';
import { startServer, type ServerHandle } from './bench/server-process';
import { REFERENCE_SIZE } from './bench/reference-data';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Lighthouse starts its own Chromium: headless, with the flags the browser tests use.
const LIGHTHOUSE_CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];
const LANDING_JS_LIMIT_KB = 200;
/** The bar for switching to a tab of the owner dashboard with 10,000 agents, its data loaded. */
const TAB_SWITCH_LIMIT_MS = 1000;
const OWNER_TABS = ['Overview', 'Leaderboard', 'Agents', 'Tier Settings', 'Profit Calculator', 'Reward Claims', 'Staff'];

interface Row {
  measure: string;
  target: string;
  result: string;
  pass: boolean | undefined;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The scripts a page loads (by URL path), in the order they were requested. */
async function scriptsLoaded(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  const scripts: string[] = [];
  const onRequest = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  };
  page.on('request', onRequest);
  await page.goto(url);
  await ready(page);
  // Settled once a second passes without a new script. (Not "networkidle": the landing page leaves the body of its
  // 401 from /api/auth/user unread, and Chromium counts that request as open.)
  for (let seen = -1; seen !== scripts.length; ) {
    seen = scripts.length;
    await page.waitForTimeout(1000);
  }
  page.off('request', onRequest);
  return scripts;
}

const gzipBytes = (webRoot: string, urlPath: string) => gzipSync(readFileSync(path.join(webRoot, urlPath))).length;

async function measureBundles(browser: Browser, base: string, webRoot: string, ownerCookie: string): Promise<Row[]> {
  const anonymous = await browser.newContext({ baseURL: base });
  const landing = await scriptsLoaded(await anonymous.newPage(), '/', (page) =>
    page.getByRole('link', { name: 'Agent Portal' }).or(page.getByRole('button', { name: 'Agent Portal' })).first().waitFor(),
  );
  const agentPages = await scriptsLoaded(await anonymous.newPage(), '/agent/dashboard', (page) => page.getByRole('heading').first().waitFor());
  await anonymous.close();

  const owner = await browser.newContext({ baseURL: base, extraHTTPHeaders: { cookie: ownerCookie } });
  const ownerScripts = await scriptsLoaded(await owner.newPage(), '/', (page) => page.getByRole('tab', { name: 'Overview' }).waitFor());
  await owner.close();

  const landingBytes = landing.reduce((sum, file) => sum + gzipBytes(webRoot, file), 0);
  const chunk = (scripts: string[], name: string) => scripts.find((file) => path.basename(file).startsWith(`${name}-`));
  const ownerChunk = chunk(ownerScripts, 'owner-dashboard');
  const agentChunk = chunk(agentPages, 'agent-dashboard-page');
  const split = (file: string | undefined) =>
    file !== undefined && !landing.includes(file) ? `${path.basename(file)} (${kb(gzipBytes(webRoot, file))} gzip), not loaded by the landing page` : 'not split out';
  return [
    {
      measure: `Landing page JavaScript: every script it loads (${landing.length} files), gzip`,
      target: `<= ${LANDING_JS_LIMIT_KB} KB`,
      result: kb(landingBytes),
      pass: landingBytes <= LANDING_JS_LIMIT_KB * 1024,
    },
    { measure: 'Owner dashboard in a chunk of its own', target: 'split out', result: split(ownerChunk), pass: ownerChunk !== undefined && !landing.includes(ownerChunk) },
    { measure: 'Agent tier dashboard in a chunk of its own', target: 'split out', result: split(agentChunk), pass: agentChunk !== undefined && !landing.includes(agentChunk) },
  ];
}

interface LighthouseScores {
  performance: number;
  accessibility: number;
  /** The performance score's measures, for the log: "FCP 1.2 s, LCP 2.3 s, TBT 140 ms, CLS 0.000, SI 1.9 s". */
  measures: string;
}

/** The audits the performance score is made of, as the log names them. */
const SCORED_AUDITS: Array<[string, string]> = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

/** Lighthouse's own failures of a run (a trace it could not record), tried again rather than scored 0. */
const LIGHTHOUSE_ATTEMPTS = 3;

/** One Lighthouse run (its command line, mobile defaults: simulated slow 4G and a 4x slower CPU). */
async function lighthouse(url: string, cookie?: string): Promise<LighthouseScores> {
  let lastError = '';
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
    let report: LighthouseReport;
    try {
      report = await lighthouseReport(url, cookie);
    } catch (error) {
      // Lighthouse sometimes fails to record the trace (NO_NAVSTART) and exits without a report: try again.
      lastError = error instanceof Error ? error.message : String(error);
      continue;
    }
    const { performance, accessibility } = report.categories;
    if (!report.runtimeError && performance.score !== null && accessibility.score !== null) {
      const measures = SCORED_AUDITS.map(([id, name]) => `${name} ${report.audits?.[id]?.displayValue ?? '?'}`).join(', ');
      // BENCH_LIGHTHOUSE_DIR: each report kept, to read what made a score (its LCP element, its requests).
      if (process.env.BENCH_LIGHTHOUSE_DIR) {
        mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
        writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, `${new URL(url).pathname.replace(/\W+/g, '_')}${cookie ? 'signed-in' : ''}-${Date.now()}.json`), JSON.stringify(report));
      }
      return { performance: performance.score, accessibility: accessibility.score, measures };
    }
    lastError = report.runtimeError ? `${report.runtimeError.code}: ${report.runtimeError.message}` : 'no score';
  }
  throw new Error(`lighthouse ${url} failed ${LIGHTHOUSE_ATTEMPTS} times; last: ${lastError}`);
}

interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  categories: Record<'performance' | 'accessibility', { score: number | null }>;
  audits?: Record<string, { displayValue?: string }>;
}

function lighthouseReport(url: string, cookie?: string): Promise<LighthouseReport> {
  const args = [
    url,
    '--only-categories=performance,accessibility',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${LIGHTHOUSE_CHROME_FLAGS.join(' ')}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(projectRoot, 'node_modules/.bin/lighthouse'), args, {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      // A run Lighthouse could not complete still writes its report, with runtimeError set.
      try {
        resolve(JSON.parse(out) as LighthouseReport);
      } catch {
        reject(new Error(`lighthouse ${url} exited with ${code} and no report: ${err.slice(-2000)}`));
      }
    });
  });
}

async function measureLighthouse(base: string, ownerCookie: string, runs: number, log: (message: string) => void): Promise<Row[]> {
  const pages: Array<{ name: string; url: string; cookie?: string }> = [
    { name: 'landing page (/)', url: `${base}/` },
    { name: 'agent portal (/agents)', url: `${base}/agents` },
    { name: 'owner dashboard (/, signed in)', url: `${base}/`, cookie: ownerCookie },
  ];
  const rows: Row[] = [];
  for (const target of pages) {
    const scores: LighthouseScores[] = [];
    for (let run = 1; run <= runs; run++) {
      log(`Lighthouse: ${target.name}, run ${run} of ${runs}...`);
      const score = await lighthouse(target.url, target.cookie);
      log(`  performance ${score.performance.toFixed(2)}: ${score.measures}`);
      scores.push(score);
    }
    const performance = median(scores.map((score) => score.performance));
    const accessibility = median(scores.map((score) => score.accessibility));
    const all = (key: 'performance' | 'accessibility') => (runs > 1 ? ` (runs: ${scores.map((score) => score[key].toFixed(2)).join(', ')})` : '');
    rows.push(
      { measure: `Lighthouse performance, ${target.name}`, target: '>= 0.95', result: `${performance.toFixed(2)}${all('performance')}`, pass: performance >= 0.95 },
      { measure: `Lighthouse accessibility, ${target.name}`, target: '1.00', result: `${accessibility.toFixed(2)}${all('accessibility')}`, pass: accessibility >= 1 },
    );
  }
  return rows;
}

/**
 * Clicks a tab and waits (in the page) until its section is on screen with its data: its heading, no spinner,
 * nothing busy; then for the frame that paints it. Page code as text: the script runner renames functions, and a
 * function sent to the page must not depend on its helpers.
 */
const SWITCH_TAB = `async (tabName) => {
  const tab = [...document.querySelectorAll('[role="tab"]')].find((element) => element.textContent.trim() === tabName);
  if (!tab) throw new Error('No tab ' + tabName);
  const started = performance.now();
  // Radix tabs switch on mousedown, as under a real pointer.
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
    tab.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, button: 0 }));
  }
  await new Promise((resolve, reject) => {
    function check() {
      const panel = document.querySelector('[role="tabpanel"][data-state="active"]');
      const heading = panel && panel.querySelector('h2');
      const settled = panel && !panel.querySelector('[role="status"]') && !panel.querySelector('[aria-busy="true"]');
      // The Leaderboard tab's heading names its period too ("Monthly Leaderboard").
      if (heading && heading.textContent.trim().endsWith(tabName) && settled) resolve();
      else if (performance.now() - started > 30000) reject(new Error(tabName + ' did not settle: ' + (panel ? panel.outerHTML.slice(0, 600) : 'no panel')));
      else requestAnimationFrame(check);
    }
    check();
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - started;
}`;

function switchTab(page: Page, name: string): Promise<number> {
  return page.evaluate(`(${SWITCH_TAB})(${JSON.stringify(name)})`) as Promise<number>;
}

async function measureTabs(browser: Browser, base: string, ownerCookie: string, agents: number): Promise<Row[]> {
  const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: { cookie: ownerCookie }, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('tab', { name: 'Overview' }).waitFor();
  await page.getByText('Recent Transactions').waitFor();
  const rows: Row[] = [];
  const first = new Map<string, number>();
  // Overview is open at first: visit it last the first time round.
  for (const tab of [...OWNER_TABS.slice(1), OWNER_TABS[0]!]) first.set(tab, await switchTab(page, tab));
  const again = new Map<string, number[]>(OWNER_TABS.map((tab) => [tab, []]));
  for (let round = 0; round < 3; round++) {
    for (const tab of [...OWNER_TABS.slice(1), OWNER_TABS[0]!]) again.get(tab)!.push(await switchTab(page, tab));
  }
  for (const tab of OWNER_TABS) {
    const slowest = Math.max(first.get(tab)!, ...again.get(tab)!);
    rows.push({
      measure: `Switch to the ${tab} tab (Chromium, ${agents.toLocaleString('en-US')} agents)`,
      target: `< ${TAB_SWITCH_LIMIT_MS} ms`,
      result: `${first.get(tab)!.toFixed(0)} ms the first time (its code and data loaded), ${median(again.get(tab)!).toFixed(0)} ms again`,
      pass: slowest < TAB_SWITCH_LIMIT_MS,
    });
  }
  await context.close();
  return rows;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { quick: { type: 'boolean' }, runs: { type: 'string' }, 'no-doc': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log('Usage: npm run bench:web -- [--quick] [--runs N] [--no-doc]\n\n--quick: a small data set and one Lighthouse run per page (default 3, median kept).');
    return 0;
  }
  const config = loadConfig();
  const size = values.quick ? QUICK_RUN.size : REFERENCE_SIZE;
  const runs = values.runs ? Number(values.runs) : values.quick ? 1 : 3;
  const log = (message: string) => console.log(message);
  const loadBefore = (await import('node:os')).loadavg();
  const webRoot = path.join(projectRoot, '.tmp', `bench-web-build-${process.pid}`);
  log('Building the web app...');
  await build({ configFile: path.join(projectRoot, 'vite.config.ts'), logLevel: 'warn', build: { outDir: webRoot, emptyOutDir: true } });

  const dataSet = { size, timeZone: config.orgTimezone, log };
  const { target, cleanup } = config.databaseUrl ? await preparePostgres(config.databaseUrl, dataSet) : await preparePglite(dataSet);
  let server: ServerHandle | undefined;
  let browser: Browser | undefined;
  const rows: Row[] = [];
  try {
    server = await startServer(target, config.orgTimezone, webRoot);
    const base = `http://127.0.0.1:${server.ready.port}`;
    const ownerCookie = (await signIn(base, 1, 0)).owners[0]!;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    log('Measuring what the pages load...');
    rows.push(...(await measureBundles(browser, base, webRoot, ownerCookie)));
    log('Measuring tab switches...');
    const tabRows = await measureTabs(browser, base, ownerCookie, size.agents);
    await browser.close();
    browser = undefined;
    rows.push(...(await measureLighthouse(base, ownerCookie, runs, log)), ...tabRows);
    await server.send({ cmd: 'stop' });
    server = undefined;
  } finally {
    await browser?.close();
    server?.kill();
    await cleanup();
    rmSync(webRoot, { recursive: true, force: true });
  }

  const engine = config.databaseUrl ? 'PostgreSQL' : 'PGlite';
  const text = [
    `### Web: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `- Built app served by the real server (${engine}, ${size.agents.toLocaleString('en-US')} agents, ${size.entries.toLocaleString('en-US')} entries); ` +
      `Chromium ${(await chromiumVersion()) ?? ''}; Lighthouse with its mobile defaults (simulated slow 4G, 4x CPU slowdown), median of ${runs} run${runs === 1 ? '' : 's'}`,
    `- Machine: ${machineLine(machineInfo(loadBefore))}`,
    '',
    markdownTable(
      ['Measure', 'Target', 'Result', ''],
      rows.map((row) => [row.measure, row.target, row.result, row.pass === undefined ? '' : row.pass ? 'pass' : '**FAIL**']),
    ),
    '',
  ].join('\n');
  console.log(`\n${text}`);
  if (!values.quick && !values['no-doc']) {
    writeDocSection(path.join(projectRoot, 'docs/performance.md'), 'web', text);
    console.log('Kept in docs/performance.md (web section).');
  }
  const missed = rows.filter((row) => row.pass === false);
  if (missed.length > 0) console.log(`Bars missed: ${missed.map((row) => row.measure).join('; ')}`);
  return missed.length > 0 ? 1 : 0;
}

async function chromiumVersion(): Promise<string | undefined> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    return browser.version();
  } finally {
    await browser.close();
  }
}

main().then(
  (code) => exitAfterOutput(code),
  (error: unknown) => {
    console.error(error);
    exitAfterOutput(1);
  },
);
