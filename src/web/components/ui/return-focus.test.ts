// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { lastFocusedOutside, openerOf } from './return-focus';

afterEach(() => {
  document.body.innerHTML = '';
});

function html(markup: string) {
  document.body.innerHTML = markup;
  return (id: string) => document.getElementById(id) as HTMLElement;
}

describe('openerOf', () => {
  it('is the control itself, or the button of the menu (and submenu) it sits in', () => {
    const el = html(`
      <button id="plain">Add</button>
      <button id="trigger">Actions</button>
      <div role="menu" aria-labelledby="trigger">
        <div role="menuitem" id="edit" tabindex="-1">Edit</div>
        <div role="menuitem" id="sub" tabindex="-1">Move to</div>
      </div>
      <div role="menu" aria-labelledby="sub"><div role="menuitem" id="done" tabindex="-1">Done</div></div>
      <div role="menu"><div role="menuitem" id="orphan" tabindex="-1">Gone</div></div>`);
    expect(openerOf(el('plain'))).toBe(el('plain'));
    expect(openerOf(el('edit'))).toBe(el('trigger'));
    expect(openerOf(el('done'))).toBe(el('trigger'));
    expect(openerOf(el('orphan'))).toBeNull();
    expect(openerOf(document.body)).toBeNull();
    expect(openerOf(null)).toBeNull();
  });
});

describe('lastFocusedOutside', () => {
  it('is the control focused last outside the opening dialog, even when its own field took the focus', () => {
    const el = html(`
      <button id="other">Other</button>
      <button id="opener">Add Client</button>
      <div id="dialog" role="dialog"><input id="name" /></div>`);
    el('other').focus();
    el('opener').focus();
    el('name').focus();
    expect(lastFocusedOutside(el('dialog'))).toBe(el('opener'));
    // A control that left the page is skipped.
    el('opener').remove();
    expect(lastFocusedOutside(el('dialog'))).toBe(el('other'));
  });
});
