import { createHmac } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { CreatedApiToken } from '../../contract/api-tokens';
import type { CreatedConnector, UnmatchedOwnerList } from '../../contract/connectors';
import type { CreatedWebhook, WebhookDeliveryPage } from '../../contract/webhooks';
import { pseudoText } from '../../web/src/lib/i18n/pseudo';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { expect, signInAs, test } from './support/fixtures';
import { expectUnbrokenScreen } from './support/language-screens';
import { expectWithinViewport, uniqueName } from './support/helpers';

// docs/product.md §12.22: the owner's integration tabs (features/connectors, features/webhooks, features/api-tokens)
// in German and in the pseudo-locale (English accented, ~40% longer, in brackets) at 375 px, each with one item made
// through the API and its dialogs open (a connector's details with a delivery and a CRM user waiting, a webhook's
// deliveries with a delivered test event, each tab's create dialog): nothing wider than the screen, none of their words
// cut off, axe clean, screenshots kept. The dashboard's tab names belong to another folder: found by their English or
// translated names.

type Lang = 'de' | 'pseudo';

/** The words a check looks for: German as written, the pseudo-locale's made from English. */
const say = (lang: Lang, german: string, english: string) => (lang === 'de' ? german : pseudoText(english));
/** A whole message as an accessible name: German as written, the pseudo-locale's in its brackets. */
const named = (lang: Lang, german: string, english: string) => (lang === 'de' ? german : `[${pseudoText(english)}]`);
/** A message around a value (a name, an address), which the pseudo-locale leaves as it is: "[Åçţîîṽéé: Pipeline]". */
const around = (lang: Lang, german: string, value: string, before: string, after = '') =>
  lang === 'de' ? german : `[${pseudoText(before)}${value}${pseudoText(after)}]`;

const escape = (text: string) => text.replace(/[[\]().*+?^$|\\{}]/g, '\\$&');

/** A tab of the owner's dashboard by its English or translated name. */
const tab = (page: Page, ...names: string[]) => page.getByRole('tab', { name: new RegExp(`^\\[?(${names.map(escape).join('|')})\\]?$`) });

/** The dashboard in the language: German chosen for the owner (restored by `restore`), or the pseudo-locale by URL. */
async function openDashboard(page: Page, lang: Lang) {
  await signInAs(page);
  if (lang === 'de') {
    const chosen = await page.request.patch('/api/auth/user', { data: { language: 'de' } });
    expect(chosen.status(), await chosen.text()).toBe(200);
  }
  await page.goto(lang === 'de' ? '/' : '/?lang=pseudo');
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'de' ? 'de' : 'en-XA');
}

async function restore(request: APIRequestContext, lang: Lang) {
  if (lang !== 'de') return;
  const restored = await request.patch('/api/auth/user', { data: { language: null } });
  expect(restored.status(), await restored.text()).toBe(200);
}

/** The tab's section and its dialogs: the parts these folders draw (the header and the tab list are another's). */
const unbroken = (page: Page, lang: Lang, name: string, section: string) =>
  expectUnbrokenScreen(page, `integrations-${name}-${lang}`, {
    lang: lang === 'de' ? 'de' : 'en-XA',
    within: `section[aria-labelledby="${section}"], [role="dialog"], [role="alertdialog"]`,
    elements: 'h1, h2, h3, h4, p, a, button, label, legend, li, summary, time, span, code, [role="heading"]',
  });

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Sends a deal to a generic connector as a CRM would: signed `TierTrack-Signature: t=<unix seconds>,v1=<HMAC of "t.body">`. */
async function sendDeal(url: string, secret: string, deal: Record<string, unknown>) {
  const body = JSON.stringify(deal);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'TierTrack-Signature': `t=${t},v1=${v1}` }, body });
}

async function checkConnectors(page: Page, lang: Lang) {
  const { name } = uniqueName(`Pipeline ${lang}`);
  const made = await page.request.post('/api/connectors', { data: { provider: 'generic', name, mapping: { agentBy: 'externalUserId' } } });
  expect(made.status(), await made.text()).toBe(201);
  const connector = (await made.json()) as CreatedConnector;
  try {
    // A won deal of a CRM user no agent is: the log shows it processed, and the user waits for an agent.
    const owner = `crm-${lang}-${Date.now().toString(36)}`;
    const inbound = new URL(connector.inboundUrl, test.info().project.use.baseURL).toString();
    const sent = await sendDeal(inbound, connector.secret!, { id: `D-${owner}`, amount: '2500.00', won: true, owner: { id: owner }, occurredAt: new Date().toISOString() });
    expect(sent.status).toBe(202);
    await expect
      .poll(async () => ((await (await page.request.get(`/api/connectors/${connector.id}/unmatched`)).json()) as UnmatchedOwnerList).owners.length, {
        timeout: 15_000,
      })
      .toBe(1);

    await tab(page, 'Connectors', pseudoText('Connectors')).click();
    const section = page.locator('section[aria-labelledby="connectors-heading"]');
    await expect(section.getByRole('heading', { name: named(lang, 'So funktionieren Connectors', 'How connectors work') })).toBeVisible();
    const row = section.getByRole('list', { name: named(lang, 'Ihre Connectors', 'Your connectors') }).getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText(say(lang, 'Allgemein (signiertes JSON)', 'Generic (signed JSON)'));
    await expect(row).toContainText(say(lang, 'Vertriebler zugeordnet per CRM-Benutzer-ID', 'Agents matched by CRM user id'));
    await expect(row).toContainText(say(lang, '1 Deal wartet', '1 deal waiting'));
    await expect(row).toContainText(say(lang, 'Letzte Zustellung', 'Last delivery'));
    await expect(row.getByRole('switch', { name: around(lang, `Aktiv: ${name}`, name, 'Active: ') })).toBeChecked();
    await unbroken(page, lang, 'connectors', 'connectors-heading');

    await row.getByRole('button', { name: around(lang, `Details zu ${name}`, name, 'Details of ') }).click();
    const details = page.getByRole('dialog', { name });
    await expect(details.getByRole('heading', { name: named(lang, 'Zustellprotokoll', 'Delivery log') })).toBeVisible();
    const delivery = details.getByRole('list', { name: named(lang, 'Zustellungen, neueste zuerst', 'Deliveries, newest first') }).getByRole('listitem').first();
    await expect(delivery).toContainText(say(lang, 'Verarbeitet', 'Processed'), { timeout: 15_000 });
    const waiting = details.getByRole('list', { name: named(lang, 'CRM-Benutzer, die auf einen Vertriebler warten', 'CRM users waiting for an agent') }).getByRole('listitem');
    await expect(waiting).toContainText(lang === 'de' ? /1 Deal, 2\.500,00\s\$, wartet seit / : pseudoText('waiting since'));
    await expect(waiting.getByRole('button', { name: around(lang, `${owner} dem Vertriebler zuordnen`, owner, 'Map ', ' to the agent') })).toBeVisible();
    await expect(waiting.getByLabel(around(lang, `Vertriebler für ${owner}`, owner, 'Agent for '))).toBeVisible();
    await expectWithinViewport(page, details);
    await unbroken(page, lang, 'connector-details', 'connectors-heading');
    await closeDialog(page, details);

    await section.getByRole('button', { name: named(lang, 'Connector hinzufügen', 'Add connector') }).click();
    const add = page.getByRole('dialog', { name: named(lang, 'Connector hinzufügen', 'Add connector') });
    await expect(add.getByLabel(named(lang, 'HubSpot-Client-Secret', 'HubSpot client secret'))).toBeVisible();
    await expect(add.getByRole('radio', { name: named(lang, 'CRM-Benutzer-ID', 'CRM user id') })).toBeChecked();
    await expect(add.getByRole('group', { name: named(lang, 'Deal-Besitzer Vertrieblern zuordnen per', 'Match deal owners to agents by') })).toBeVisible();
    await expectWithinViewport(page, add);
    await unbroken(page, lang, 'connector-add', 'connectors-heading');
    await closeDialog(page, add);
  } finally {
    expect((await page.request.delete(`/api/connectors/${connector.id}`)).status()).toBe(204);
  }
}

async function checkWebhooks(page: Page, lang: Lang, receiver: Receiver) {
  const url = `${receiver.url}/lang-${lang}-${Date.now().toString(36)}`;
  const made = await page.request.post('/api/webhooks', { data: { url, events: ['tier.reached', 'badge.awarded'], format: 'slack' } });
  expect(made.status(), await made.text()).toBe(201);
  const webhook = (await made.json()) as CreatedWebhook;
  try {
    // A test event, delivered: the row and the log have something to say.
    expect((await page.request.post(`/api/webhooks/${webhook.id}/test`)).status()).toBe(202);
    await expect
      .poll(async () => ((await (await page.request.get(`/api/webhooks/${webhook.id}/deliveries`)).json()) as WebhookDeliveryPage).deliveries[0]?.status, {
        timeout: 15_000,
      })
      .toBe('delivered');

    await tab(page, 'Webhooks', pseudoText('Webhooks')).click();
    const section = page.locator('section[aria-labelledby="webhooks-heading"]');
    await expect(section.getByRole('heading', { name: named(lang, 'So funktionieren Webhooks', 'How webhooks work') })).toBeVisible();
    const row = section.getByRole('list', { name: named(lang, 'Webhooks', 'Webhooks') }).getByRole('listitem').filter({ hasText: url });
    await expect(row).toContainText(say(lang, 'Chat-Nachricht', 'Chat message'));
    await expect(row).toContainText(say(lang, 'Letzte Zustellung', 'Last delivery'));
    await expect(row).toContainText(say(lang, 'Zugestellt', 'Delivered'));
    await expect(row.getByRole('list', { name: around(lang, `Ereignisse, die an ${url} gesendet werden`, url, 'Events sent to ') })).toContainText(
      say(lang, 'Ein Vertriebler erreicht eine Stufe', 'An agent reaches a tier'),
    );
    await expect(row.getByRole('button', { name: around(lang, `Ein Testereignis an ${url} senden`, url, 'Send a test event to ') })).toContainText(
      say(lang, 'Testereignis senden', 'Send test event'),
    );
    await unbroken(page, lang, 'webhooks', 'webhooks-heading');

    await row.getByRole('button', { name: around(lang, `Zustellungen an ${url}`, url, 'Deliveries of ') }).click();
    const log = page.getByRole('dialog', { name: named(lang, 'Zustellungen', 'Deliveries') });
    const delivery = log.getByRole('listitem', { name: lang === 'de' ? /^Zustellung \d+: webhook\.test, zugestellt$/ : new RegExp(`${escape(pseudoText('Delivery '))}\\d+`) });
    await expect(delivery).toContainText(say(lang, '1 Versuch', '1 attempt'));
    await expect(delivery).toContainText(say(lang, 'Antwort 200', 'Answered 200'));
    await delivery.getByText(lang === 'de' ? 'Versuche (1)' : pseudoText('Attempts (1)'), { exact: false }).click();
    await expect(delivery.getByRole('list', { name: lang === 'de' ? /^Versuche der Zustellung \d+, neueste zuerst$/ : new RegExp(escape(pseudoText('Attempts of delivery '))) })).toContainText(
      say(lang, 'Zugestellt', 'Delivered'),
    );
    await expectWithinViewport(page, log);
    await unbroken(page, lang, 'webhook-deliveries', 'webhooks-heading');
    await closeDialog(page, log);

    await section.getByRole('button', { name: named(lang, 'Webhook hinzufügen', 'Add webhook') }).click();
    const add = page.getByRole('dialog', { name: named(lang, 'Webhook hinzufügen', 'Add webhook') });
    await expect(add.getByRole('checkbox', { name: named(lang, 'Ein Vertriebler erreicht eine Stufe', 'An agent reaches a tier') })).toBeChecked();
    await expect(add.getByRole('group', { name: named(lang, 'Ereignisse', 'Events') })).toBeVisible();
    await expect(add.getByText(say(lang, 'Eine https://-Adresse im Internet.', 'An https:// address on the internet.'))).toBeVisible();
    await expectWithinViewport(page, add);
    await unbroken(page, lang, 'webhook-add', 'webhooks-heading');
    await closeDialog(page, add);
  } finally {
    expect((await page.request.delete(`/api/webhooks/${webhook.id}`)).status()).toBe(204);
  }
}

async function checkApiTokens(page: Page, lang: Lang) {
  const { name } = uniqueName(`Sync ${lang}`);
  const expiresAt = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
  const made = await page.request.post('/api/tokens', { data: { name, scopes: ['read', 'entries:write'], expiresAt } });
  expect(made.status(), await made.text()).toBe(201);
  const token = (await made.json()) as CreatedApiToken;
  try {
    await tab(page, 'API Tokens', 'API-Tokens', pseudoText('API Tokens')).click();
    const section = page.locator('section[aria-labelledby="api-tokens-heading"]');
    await expect(section.getByRole('heading', { name: named(lang, 'So funktionieren API-Tokens', 'How API tokens work') })).toBeVisible();
    await expect(section.locator('figcaption')).toHaveText(named(lang, 'Beispiel: einen Eintrag erfassen', 'Example: record an entry'));
    const row = section.getByRole('list', { name: named(lang, 'Aktive Tokens', 'Active tokens') }).getByRole('listitem').filter({ hasText: name }).first();
    const scopes = row.getByRole('list', { name: around(lang, `Berechtigungen von ${name}`, name, 'Scopes of ') });
    await expect(scopes).toContainText(say(lang, 'Übersichten, Vertriebler und Einträge lesen', 'Read dashboards, agents and entries'));
    await expect(scopes).toContainText(say(lang, 'Einkommenseinträge erfassen', 'Record income entries'));
    await expect(row).toContainText(say(lang, 'Nie verwendet', 'Never used'));
    await expect(row).toContainText(lang === 'de' ? /Läuft am .+ ab/ : pseudoText('Expires'));
    await unbroken(page, lang, 'api-tokens', 'api-tokens-heading');

    await row.getByRole('button', { name: around(lang, `${name} widerrufen`, name, 'Revoke ') }).click();
    const confirm = page.getByRole('alertdialog', { name: around(lang, `${name} widerrufen?`, name, 'Revoke ', '?') });
    await expect(confirm.getByRole('button', { name: named(lang, 'Token widerrufen', 'Revoke Token') })).toBeVisible();
    await expectWithinViewport(page, confirm);
    await unbroken(page, lang, 'api-token-revoke', 'api-tokens-heading');
    await closeDialog(page, confirm);

    await section.getByRole('button', { name: named(lang, 'Neues API-Token', 'New API token') }).click();
    const add = page.getByRole('dialog', { name: named(lang, 'Neues API-Token', 'New API token') });
    await expect(add.getByRole('combobox', { name: named(lang, 'Gültig für', 'Expires after') })).toHaveText(named(lang, '90 Tage', '90 days'));
    await expect(add.getByRole('checkbox', { name: named(lang, 'Vertriebler hinzufügen', 'Add agents') })).not.toBeChecked();
    await expect(add.getByRole('group', { name: named(lang, 'Berechtigungen', 'Scopes') })).toBeVisible();
    await expectWithinViewport(page, add);
    await unbroken(page, lang, 'api-token-add', 'api-tokens-heading');
    await closeDialog(page, add);
  } finally {
    expect((await page.request.delete(`/api/tokens/${token.id}`)).status()).toBe(204);
  }
}

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async ({ playwright }, testInfo) => {
  await receiver.close();
  // However a German test ended, the owner's language is the organisation's again.
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInAs(request);
  await restore(request, 'de');
  await request.dispose();
});

test.describe('the integration tabs in other languages', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const lang of ['de', 'pseudo'] as const) {
    test(`the connectors tab, a connector's details and Add connector (${lang}, 375 px)`, async ({ page }) => {
      test.setTimeout(90_000);
      await openDashboard(page, lang);
      try {
        await checkConnectors(page, lang);
      } finally {
        await restore(page.request, lang);
      }
    });

    test(`the webhooks tab, a webhook's deliveries and Add webhook (${lang}, 375 px)`, async ({ page }) => {
      test.setTimeout(60_000);
      await openDashboard(page, lang);
      try {
        await checkWebhooks(page, lang, receiver);
      } finally {
        await restore(page.request, lang);
      }
    });

    test(`the API tokens tab, Revoke and New API token (${lang}, 375 px)`, async ({ page }) => {
      test.setTimeout(60_000);
      await openDashboard(page, lang);
      try {
        await checkApiTokens(page, lang);
      } finally {
        await restore(page.request, lang);
      }
    });
  }
});
