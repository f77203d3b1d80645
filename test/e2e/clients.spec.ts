import { admin, expect, signIn, test } from './support/fixtures';

test('add a client, tag it, find it, edit it and delete it', async ({ page }) => {
  const id = Date.now().toString(36);
  const name = `Ada Lovelace ${id}`;
  const company = `Analytical Engines ${id}`;
  const tags = [`VIP ${id}`, `Retainer ${id}`];
  await signIn(page, admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Clients' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

  // Two tags, made in the Manage Tags dialog.
  await page.getByRole('button', { name: 'Manage Tags' }).click();
  const tagsDialog = page.getByRole('dialog', { name: 'Manage Tags' });
  for (const tag of tags) {
    await tagsDialog.getByLabel('Tag name').fill(tag);
    await tagsDialog.getByRole('button', { name: 'Create Tag' }).click();
    await expect(page.getByText('Tag created successfully', { exact: true })).toBeVisible();
    await expect(tagsDialog.getByRole('list', { name: 'Existing tags' }).getByText(tag)).toBeVisible();
  }
  await tagsDialog.getByRole('button', { name: 'Close' }).click();
  await expect(tagsDialog).toBeHidden();

  // The client: validation first, then the real thing.
  await page.getByRole('button', { name: 'Add Client' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Client' });
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Add Client' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Job Title').fill('Chief Mathematician');
  await form.getByLabel('Company').fill(company);
  await form.getByLabel('Email').fill(`ada.${id}@engines.test`);
  await form.getByLabel('Phone').fill('+44 20 7946 0000');
  await form.getByLabel('Notes').fill('Prefers email. Quarterly review in March.');
  await form.getByRole('button', { name: 'Add Client' }).click();
  await expect(page.getByText('Client created successfully', { exact: true })).toBeVisible();
  await expect(form).toBeHidden();
  // The new client's page opens; back to the list.
  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/clients$/);

  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText(`Chief Mathematician at ${company}`)).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: `Email ${name}` })).toHaveAttribute(
    'href',
    `mailto:ada.${id}@engines.test`,
  );
  await expect(card.getByRole('link', { name: `Call ${name}` })).toHaveAttribute(
    'href',
    'tel:+44 20 7946 0000',
  );

  // Assign both tags through the card's tags editor.
  for (const tag of tags) {
    await card.getByRole('button', { name: `Add tag to ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: tag, exact: true }).click();
    await expect(page.getByText('Tag added', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Remove tag ${tag}` })).toBeVisible();
  }
  await page.reload();
  for (const tag of tags) await expect(card.getByText(tag, { exact: true })).toBeVisible();

  // Search (case-insensitive, by company) and the status filter.
  const search = page.getByPlaceholder('Search clients...');
  await search.fill(company.toUpperCase());
  await expect(card).toBeVisible();
  await expect(page.getByText(/^1 client of \d+$/)).toBeVisible();
  await search.fill(`nobody-${id}`);
  await expect(page.getByText('No clients found', { exact: true })).toBeVisible();
  await expect(page.getByText('Try adjusting your filters', { exact: true })).toBeVisible();
  await search.fill(`ada.${id}@`);
  await expect(card).toBeVisible();
  const statusFilter = page.getByRole('combobox', { name: 'Status filter' });
  await statusFilter.click();
  await page.getByRole('option', { name: 'Archived', exact: true }).click();
  await expect(card).toBeHidden();
  await statusFilter.click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await expect(card).toBeVisible();

  // Edit: make it inactive.
  await card.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Client' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Inactive', exact: true }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Client updated successfully', { exact: true })).toBeVisible();
  await expect(card).toBeHidden(); // the Active filter is still on
  await statusFilter.click();
  await page.getByRole('option', { name: 'Inactive', exact: true }).click();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  for (const tag of tags) await expect(card.getByText(tag, { exact: true })).toBeVisible();

  // Remove a tag, then delete the client after the confirmation.
  await card.getByRole('button', { name: `Remove tag ${tags[0]}` }).click();
  await expect(page.getByText('Tag removed', { exact: true })).toBeVisible();
  await expect(card.getByText(tags[0]!, { exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete this client?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Client deleted successfully', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
});
