/**
 * Group conversations end to end: three people in three browser contexts — one makes the group from the
 * conversation list, they talk, see who is typing and who has read, and the admin removes one of them, whose
 * screen says so, after a reload too, and gets nothing more. axe checks the new screens in both themes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { ARTIFACTS, befriend, createAccount, newSignedInContext, screenshotMatrix, useTheme, waitForLiveSocket } from './helpers';

/** Serious and critical WCAG 2.x A/AA findings of axe on the page as it is now. */
async function axeFindings(shown: Page, where: string): Promise<string[]> {
  await shown.waitForTimeout(400);
  const result = await new AxeBuilder({ page: shown }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const groupPanel = (page: Page, name: string) => page.getByRole('region', { name: `Group ${name}` });
const log = (panel: Locator) => panel.getByRole('log', { name: 'Messages' });

/** Opens the group from the conversation list, filtered to Groups. */
async function openFromList(page: Page, name: string): Promise<Locator> {
  await page.goto('/chat');
  await page.getByRole('button', { name: 'Groups', exact: true }).click();
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  const panel = groupPanel(page, name);
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Loading messages...')).toHaveCount(0);
  return panel;
}

test('three friends talk in a group; the admin removes one, whose screen says so and gets nothing more', async ({ browser, request }) => {
  test.setTimeout(360_000);
  const ana = await createAccount(request, 'Ana Group');
  const ben = await createAccount(request, 'Ben Group');
  const cleo = await createAccount(request, 'Cleo Group');
  await befriend(request, ana, ben);
  await befriend(request, ana, cleo);
  const A = await newSignedInContext(browser, ana);
  const B = await newSignedInContext(browser, ben);
  const C = await newSignedInContext(browser, cleo);
  const findings: string[] = [];

  // The Groups chip filters the list; with no group yet it offers to start one.
  await A.page.goto('/chat');
  await A.page.getByRole('button', { name: 'Groups', exact: true }).click();
  await expect(A.page.getByText('No groups yet')).toBeVisible();
  await A.page.getByRole('button', { name: 'New group' }).first().click();
  const dialog = A.page.getByRole('dialog', { name: 'New group' });
  await expect(dialog.getByLabel('Group name')).toBeFocused();
  await dialog.getByLabel('Group name').fill('Trip to Lisbon');
  await expect(dialog.getByRole('button', { name: 'Create group' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /Ben Group/ }).check();
  await expect(dialog.getByText('2 of 100 people, counting you')).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Cleo Group/ }).check();
  await expect(dialog.getByText('3 of 100 people, counting you')).toBeVisible();
  findings.push(...(await axeFindings(A.page, 'new group dialog light 1280')));
  await dialog.getByRole('button', { name: 'Create group' }).click();

  // Made, and open: its address, its header, the composer ready to type in.
  await expect(A.page).toHaveURL(/\/chat\/g\/[0-9a-f-]+$/);
  await expect(A.page).toHaveTitle('Trip to Lisbon · Group chat · Plaza');
  const atA = groupPanel(A.page, 'Trip to Lisbon');
  await expect(atA.getByRole('heading', { name: 'Trip to Lisbon' })).toBeVisible();
  await expect(atA.getByText(/^3 members/)).toBeVisible();
  await expect(atA.getByPlaceholder('Type a message...')).toBeFocused();
  await expect(log(atA).getByText('You created the group “Trip to Lisbon”')).toBeVisible();
  const groupUrl = A.page.url();

  // Ben has it in his list; Cleo opens it by its address.
  const atB = await openFromList(B.page, 'Trip to Lisbon');
  await expect(log(atB).getByText('Ana Group created the group “Trip to Lisbon”')).toBeVisible();
  await C.page.goto(groupUrl);
  const atC = groupPanel(C.page, 'Trip to Lisbon');
  await expect(atC.getByText(/^3 members/)).toBeVisible();
  await Promise.all([waitForLiveSocket(A.page), waitForLiveSocket(B.page), waitForLiveSocket(C.page)]);

  // Typing shows by name; the message arrives with its sender's name; both read it: "Seen by everyone".
  await atA.getByPlaceholder('Type a message...').pressSequentially('Who brings the map?');
  await expect(atB.getByText('Ana is typing…')).toBeVisible();
  await atA.getByPlaceholder('Type a message...').press('Enter');
  await expect(log(atB).getByText('Who brings the map?')).toBeVisible();
  await expect(log(atC).getByText('Who brings the map?')).toBeVisible();
  await expect(log(atB).getByText('Ana Group', { exact: true })).toBeVisible();
  await expect(atA.getByText('Seen by everyone')).toBeVisible();

  // Two typing at once; then Ben answers, and while Cleo is away from the group only Ben has read Ana's next one.
  await atB.getByPlaceholder('Type a message...').pressSequentially('I');
  await atC.getByPlaceholder('Type a message...').pressSequentially('N');
  await expect(atA.getByText('Ben and Cleo are typing…')).toBeVisible();
  await atB.getByPlaceholder('Type a message...').pressSequentially(' will', { delay: 20 });
  await atB.getByPlaceholder('Type a message...').press('Enter');
  await atC.getByPlaceholder('Type a message...').fill('');
  await expect(log(atA).getByText('I will')).toBeVisible();
  await expect(log(atA).getByText('Ben Group', { exact: true })).toBeVisible();

  await C.page.goto('/chat');
  await atA.getByPlaceholder('Type a message...').fill('Great, thanks Ben');
  await atA.getByPlaceholder('Type a message...').press('Enter');
  await expect(atA.getByText('Seen by 1')).toBeVisible();
  // Cleo's list counts it as unread, and so does her navigation badge.
  const cleoRow = C.page.getByRole('button', { name: /^Trip to Lisbon/ });
  await expect(cleoRow.getByLabel('1 unread')).toBeVisible();
  await cleoRow.click();
  await expect(atA.getByText('Seen by everyone')).toBeVisible();

  // The admin removes Cleo: her screen says so, the composer is gone, and what follows never reaches her.
  await atA.getByRole('button', { name: 'Group info' }).click();
  const info = A.page.getByRole('dialog', { name: 'Group info' });
  await expect(info.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(3);
  findings.push(...(await axeFindings(A.page, 'group info light 1280')));
  await info.getByRole('button', { name: 'Remove Cleo Group' }).click();
  const confirm = A.page.getByRole('dialog', { name: 'Remove Cleo Group?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(info.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
  await info.getByRole('button', { name: 'Close' }).click();

  await expect(atC.getByText('You were removed from this group')).toBeVisible();
  await expect(atC.getByPlaceholder('Type a message...')).toHaveCount(0);
  findings.push(...(await axeFindings(C.page, 'removed light 1280')));
  await C.page.screenshot({ path: path.join(ARTIFACTS, 'group-removed-light-1280.png') });
  await expect(log(atB).getByText('Ana Group removed Cleo Group')).toBeVisible();
  await expect(log(atA).getByText('You removed Cleo Group')).toBeVisible();
  await expect(atA.getByText(/^2 members/)).toBeVisible();

  await atA.getByPlaceholder('Type a message...').fill('Just the two of us now');
  await atA.getByPlaceholder('Type a message...').press('Enter');
  await expect(log(atB).getByText('Just the two of us now')).toBeVisible();
  await C.page.waitForTimeout(1000);
  await expect(log(atC).getByText('Just the two of us now')).toHaveCount(0);

  // axe on the new screens in both themes, the group screen also at both widths; screenshots of each to look at.
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      await B.page.setViewportSize({ width, height: width < 768 ? 844 : 860 });
      await useTheme(B.page, theme);
      await expect(groupPanel(B.page, 'Trip to Lisbon').getByText('Just the two of us now')).toBeVisible();
      findings.push(...(await axeFindings(B.page, `group chat ${theme} ${width}`)));
      await B.page.screenshot({ path: path.join(ARTIFACTS, `group-chat-${theme}-${width}.png`) });
    }
  }
  // After a reload the group is gone from Cleo's list, and its address still says why, with what she saw and nothing after.
  await useTheme(C.page, 'dark');
  await expect(atC.getByText('You were removed from this group')).toBeVisible();
  await expect(log(atC).getByText('Great, thanks Ben')).toBeVisible();
  await expect(log(atC).getByText('Just the two of us now')).toHaveCount(0);
  await expect(atC.getByPlaceholder('Type a message...')).toHaveCount(0);
  await expect(C.page.getByRole('button', { name: /^Trip to Lisbon/ })).toHaveCount(0);
  findings.push(...(await axeFindings(C.page, 'removed after reload dark 1280')));
  await C.page.screenshot({ path: path.join(ARTIFACTS, 'group-removed-after-reload-dark-1280.png') });

  await screenshotMatrix(A.page, 'group-info', async (p) => {
    await groupPanel(p, 'Trip to Lisbon').getByRole('button', { name: 'Group info' }).click();
    await expect(p.getByRole('dialog', { name: 'Group info' })).toBeVisible();
  });
  findings.push(...(await axeFindings(A.page, 'group info dark 1280')));
  await A.page.goto('/chat');
  await A.page.getByRole('button', { name: 'New group' }).first().click();
  await A.page
    .getByRole('dialog', { name: 'New group' })
    .getByRole('checkbox', { name: /Ben Group/ })
    .check();
  findings.push(...(await axeFindings(A.page, 'new group dialog dark 1280')));
  await A.page.screenshot({ path: path.join(ARTIFACTS, 'group-new-dark-1280.png') });
  expect(findings).toEqual([]);

  await Promise.all([A.context.close(), B.context.close(), C.context.close()]);
});
