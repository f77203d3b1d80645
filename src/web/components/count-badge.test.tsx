// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountBadge } from './count-badge';

afterEach(cleanup);

describe('CountBadge', () => {
  it('renders nothing at 0', () => {
    const { container } = render(<CountBadge count={0} />);
    expect(container.textContent).toBe('');
  });

  it('renders 99+ above 99', () => {
    const { container } = render(<CountBadge count={150} />);
    expect(container.textContent).toBe('99+');
  });
});
