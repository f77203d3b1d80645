import { describe, expect, it } from 'vitest';
import { isBlankUrl, websiteUrl } from './check-form-dialog';

describe('the check form and a picked website', () => {
  it("starts a website's check at its home page over https", () => {
    expect(websiteUrl('shop.example.com')).toBe('https://shop.example.com/');
  });

  it('fills the URL only while it holds no address', () => {
    for (const blank of ['', '  ', 'https://', 'http://', 'HTTPS://', undefined])
      expect(isBlankUrl(blank)).toBe(true);
    for (const typed of ['https://a.example/', 'a.example', 'https://x'])
      expect(isBlankUrl(typed)).toBe(false);
  });
});
