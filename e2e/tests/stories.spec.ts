/** Stories in a real browser: a friend's story appears ringed, is watched, counted, listed and deleted. */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { befriend, createAccount, newSignedInContext, screenshotMatrix } from './helpers';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/story.png');
const CAPTION = 'Sunset over the plaza';

const storiesBar = (page: Page) => page.getByRole('region', { name: 'Stories' });
const bubbleOf = (page: Page, name: string) => storiesBar(page).getByRole('button', { name: new RegExp(`^Stories of ${name}`) });
const viewer = (page: Page) => page.getByRole('dialog', { name: /^Stories of/ });

test('a friend sees a new story ringed, watches it, the owner sees who watched and deletes it', async ({ browser, request }) => {
  // Two people, two sign-ins and eight screenshots.
  test.setTimeout(150_000);
  const ava = await createAccount(request, 'Ava Stories');
  const ben = await createAccount(request, 'Ben Viewer');
  await befriend(request, ava, ben);

  // Ava shares a photo with a caption through the create dialog.
  const { context: avaContext, page: avaPage } = await newSignedInContext(browser, ava);
  await expect(storiesBar(avaPage)).toBeVisible();
  await storiesBar(avaPage).getByRole('button', { name: 'Add story' }).click();
  const dialog = avaPage.getByRole('dialog', { name: 'Add to your story' });
  await expect(dialog.getByRole('heading', { name: 'Add to your story' })).toBeVisible();
  await dialog.getByLabel('Choose a photo or video').setInputFiles(FIXTURE);
  await expect(dialog.getByRole('img', { name: 'Preview of your story' })).toBeVisible();
  await dialog.getByLabel('Caption').fill(CAPTION);
  await expect(dialog.getByText(`${CAPTION.length}/200`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Share story' }).click();
  await expect(dialog).toBeHidden();
  await expect(storiesBar(avaPage).getByRole('button', { name: 'Open your story' })).toBeVisible();

  // Ben sees Ava's avatar with the unviewed ring.
  const { context: benContext, page: benPage } = await newSignedInContext(browser, ben);
  await expect(bubbleOf(benPage, 'Ava Stories')).toBeVisible();
  await expect(bubbleOf(benPage, 'Ava Stories').locator('[data-unviewed="true"]')).toBeVisible();
  await screenshotMatrix(benPage, 'stories-bar', async (p) => {
    await expect(bubbleOf(p, 'Ava Stories').locator('[data-unviewed="true"]')).toBeVisible();
  });

  // He opens it, sees the caption, closes it: the ring turns grey.
  await benPage.setViewportSize({ width: 1280, height: 860 });
  await bubbleOf(benPage, 'Ava Stories').click();
  await expect(viewer(benPage).getByRole('button', { name: 'Close stories' })).toBeVisible();
  await expect(viewer(benPage).getByText(CAPTION)).toBeVisible();
  await expect(viewer(benPage).getByText('Ava Stories', { exact: true })).toBeVisible();
  await expect(viewer(benPage).getByText('just now')).toBeVisible();
  await benPage.keyboard.press('Escape');
  await expect(viewer(benPage)).toBeHidden();
  await expect(bubbleOf(benPage, 'Ava Stories').locator('[data-unviewed="false"]')).toBeVisible();
  // The server remembered it too: after a reload the ring stays grey.
  await benPage.reload();
  await expect(bubbleOf(benPage, 'Ava Stories').locator('[data-unviewed="false"]')).toBeVisible();

  await screenshotMatrix(benPage, 'story-viewer', async (p) => {
    await bubbleOf(p, 'Ava Stories').click();
    await expect(viewer(p).getByText(CAPTION)).toBeVisible();
    await expect(viewer(p).getByRole('img', { name: CAPTION })).toHaveJSProperty('complete', true);
    // Keep the photo on screen while the picture is taken.
    await viewer(p).getByRole('button', { name: 'Pause' }).click();
  });

  // Ava opens her own story: one view, by Ben.
  await avaPage.reload();
  await storiesBar(avaPage).getByRole('button', { name: 'Open your story' }).click();
  await expect(viewer(avaPage).getByRole('button', { name: 'Close stories' })).toBeVisible();
  await viewer(avaPage)
    .getByRole('button', { name: /^1 view,/ })
    .click();
  const viewers = avaPage.getByRole('dialog', { name: 'Viewers' });
  await expect(viewers.getByText('Ben Viewer')).toBeVisible();
  await avaPage.screenshot({ path: path.resolve(import.meta.dirname, '../artifacts/story-viewers-light-1280.png') });
  await viewers.getByRole('button', { name: 'Close viewers' }).click();
  await expect(viewers).toBeHidden();

  // She deletes it: the viewer closes and her bubble goes back to "Add story".
  await viewer(avaPage).getByRole('button', { name: 'Delete story' }).click();
  const confirm = avaPage.getByRole('alertdialog', { name: 'Delete this story?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(viewer(avaPage)).toBeHidden();
  await expect(storiesBar(avaPage).getByRole('button', { name: 'Open your story' })).toBeHidden();
  await expect(storiesBar(avaPage).getByRole('button', { name: 'Add story' })).toBeVisible();

  // After a reload Ben no longer sees it.
  await benPage.reload();
  await expect(storiesBar(benPage)).toBeVisible();
  await expect(storiesBar(benPage).getByText('No stories from friends right now.', { exact: false })).toBeVisible();
  await expect(bubbleOf(benPage, 'Ava Stories')).toHaveCount(0);

  await avaContext.close();
  await benContext.close();
});

test('the create dialog refuses a file that is not a photo or video before uploading', async ({ browser, request }) => {
  const account = await createAccount(request, 'Picky Uploader');
  const { context, page } = await newSignedInContext(browser, account);
  await storiesBar(page).getByRole('button', { name: 'Add story' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to your story' });
  await dialog
    .getByLabel('Choose a photo or video')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByRole('alert')).toContainText('Stories accept JPEG, PNG, WebP or GIF photos and MP4 or WebM videos.');
  await expect(dialog.getByRole('button', { name: 'Share story' })).toBeDisabled();
  await context.close();
});

test('the server’s refusal is shown in the dialog', async ({ browser, request }) => {
  const account = await createAccount(request, 'Sneaky Uploader');
  const { context, page } = await newSignedInContext(browser, account);
  await storiesBar(page).getByRole('button', { name: 'Add story' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to your story' });
  // A PNG's first bytes, so the dialog takes it, but no image after them: the server decodes it and answers 415.
  const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await dialog
    .getByLabel('Choose a photo or video')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.concat([pngSignature, Buffer.from('definitely not a png')]) });
  await dialog.getByRole('button', { name: 'Share story' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/could not be read|Stories accept JPEG, PNG, WebP or GIF photos/);
  await expect(dialog.getByRole('button', { name: 'Share story' })).toBeEnabled();
  await context.close();
});
