import { describe, expect, it } from 'vitest';
import { keywordFailure, keywordProblem, pageTitle, wordpressFailure } from './content';

const page = (text: string) => Buffer.from(`<html><body>${text}</body></html>`);

describe('keyword test', () => {
  it('passes when a "present" keyword is there and an "absent" one is not', () => {
    expect(keywordFailure(page('Welcome to Café Ünïcode'), 'Café Ünïcode', 'present', false)).toBeNull();
    expect(keywordFailure(page('All good'), 'Fatal error', 'absent', false)).toBeNull();
  });

  it('fails with the keyword named, and is case-sensitive', () => {
    expect(keywordFailure(page('welcome'), 'Welcome', 'present', false)).toBe('Keyword "Welcome" not found');
    expect(keywordFailure(page('Fatal error: x'), 'Fatal error', 'absent', false)).toBe(
      'Keyword "Fatal error" found',
    );
  });

  it('says when only the start of a long page was searched', () => {
    expect(keywordFailure(Buffer.alloc(1024 * 1024, 'a'), 'Welcome', 'present', true)).toBe(
      'Keyword "Welcome" not found in the first 1 MB',
    );
  });

  it('shortens a long keyword in the message', () => {
    const keyword = 'x'.repeat(100);
    expect(keywordFailure(page(''), keyword, 'present', false)).toBe(
      `Keyword "${'x'.repeat(40)}…" not found`,
    );
  });

  it('refuses an empty keyword or one over 1 KB (counted in UTF-8 bytes)', () => {
    expect(keywordProblem('  ')).toBe('The keyword is empty');
    expect(keywordProblem('a'.repeat(1024))).toBeNull();
    expect(keywordProblem('é'.repeat(513))).toBe('The keyword is longer than 1 KB');
  });
});

describe('WordPress error pages', () => {
  it.each([
    ['<h1>Error establishing a database connection</h1>', 'WordPress database error page'],
    ['<h1>Error reconnecting to the database</h1>', 'WordPress database error page'],
    ['<h1>Can&#8217;t select database</h1>', 'WordPress database error page'],
    [
      'One or more database tables are unavailable. The database may need to be repaired.',
      'WordPress database error page',
    ],
    ['<p>There has been a critical error on this website.</p>', 'WordPress critical error page'],
    [
      '<p>There has been a critical error on this website. Please check your site admin email inbox for instructions.</p>',
      'WordPress critical error page',
    ],
    ['The site is experiencing technical difficulties.', 'WordPress critical error page'],
    ['Briefly unavailable for scheduled maintenance. Check back in a minute.', 'WordPress maintenance page'],
  ])('recognises %s', (text, error) => {
    expect(wordpressFailure(page(text))).toBe(error);
  });

  it('recognises a translated wp_die() page by its template', () => {
    const body = Buffer.from(
      '<html><body id="error-page"><p>Es gab einen kritischen Fehler.</p></body></html>',
    );
    expect(wordpressFailure(body)).toBe('WordPress error page');
  });

  it('leaves an ordinary WordPress page alone', () => {
    expect(wordpressFailure(page('<meta name="generator" content="WordPress 6.8"><h1>Blog</h1>'))).toBeNull();
  });
});

describe('pageTitle', () => {
  it('reads the title as written in the page, trimmed', () => {
    expect(pageTitle(Buffer.from('<html><head><title> Bright &amp; Smile </title></head></html>'))).toBe(
      'Bright &amp; Smile',
    );
    expect(pageTitle(Buffer.from('<TITLE lang="en">Shop</TITLE>'))).toBe('Shop');
  });
  it('is null for a page without one: empty, blank or missing', () => {
    expect(pageTitle(Buffer.from(''))).toBeNull();
    expect(pageTitle(Buffer.from('<title>   </title>'))).toBeNull();
    expect(pageTitle(Buffer.from('<html><body>Hello</body></html>'))).toBeNull();
  });
});
