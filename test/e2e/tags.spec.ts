import { expect, test } from './support/fixtures';
import { signInByApi } from './support/pages';

test('create, rename, recolour and delete a tag in the Manage Tags dialog', async ({ page }) => {
  const id = Date.now().toString(36);
  const name = `Priority ${id}`;
  const renamed = `Urgent ${id}`;
  await signInByApi(page);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Manage Tags' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Tags' });
  const list = dialog.getByRole('list', { name: 'Existing tags' });

  // A blank name cannot be submitted.
  await dialog.getByLabel('Tag name').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Create Tag' })).toBeDisabled();

  // Create with a preset colour; the preview follows the form.
  await dialog.getByLabel('Tag name').fill(name);
  await dialog.getByRole('button', { name: 'Teal' }).click();
  await expect(dialog.getByRole('button', { name: 'Teal' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByText(name, { exact: true }).first().locator('..')).toHaveCSS(
    'background-color',
    'rgb(20, 184, 166)',
  );
  await dialog.getByRole('button', { name: 'Create Tag' }).click();
  await expect(page.getByText('Tag created successfully', { exact: true })).toBeVisible();
  await expect(list.getByText(name, { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Tag name')).toHaveValue('');

  // The same name again is refused by the server, whose message is shown.
  await dialog.getByLabel('Tag name').fill(name);
  await dialog.getByRole('button', { name: 'Create Tag' }).click();
  await expect(page.getByText('Failed to create tag', { exact: true })).toBeVisible();
  await expect(page.getByText(`A tag named "${name}" already exists`, { exact: true })).toBeVisible();
  await dialog.getByLabel('Tag name').fill('');

  // Rename.
  await list.getByRole('button', { name: `Edit tag ${name}` }).click();
  await expect(dialog.getByLabel('Tag name')).toHaveValue(name);
  await dialog.getByLabel('Tag name').fill(renamed);
  await dialog.getByRole('button', { name: 'Update Tag' }).click();
  await expect(page.getByText('Tag updated successfully', { exact: true })).toBeVisible();
  await expect(list.getByText(renamed, { exact: true })).toBeVisible();
  await expect(list.getByText(name, { exact: true })).toHaveCount(0);

  // Recolour with the free colour picker.
  await list.getByRole('button', { name: `Edit tag ${renamed}` }).click();
  await dialog.getByLabel(/Custom colour/).fill('#123456');
  await dialog.getByRole('button', { name: 'Update Tag' }).click();
  await expect(page.getByText('Tag updated successfully', { exact: true })).toBeVisible();
  await expect(list.getByText(renamed, { exact: true }).locator('..')).toHaveCSS(
    'background-color',
    'rgb(18, 52, 86)',
  );
  // White text on a dark tag.
  await expect(list.getByText(renamed, { exact: true }).locator('..')).toHaveCSS(
    'color',
    'rgb(255, 255, 255)',
  );

  // Delete, after the confirmation.
  await list.getByRole('button', { name: `Delete tag ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(
    confirm.getByText(
      'Are you sure you want to delete this tag? It will be removed from all associated items.',
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tag deleted successfully', { exact: true })).toBeVisible();
  await expect(dialog.getByText(renamed, { exact: true })).toHaveCount(0);
});
