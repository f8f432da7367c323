import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { page } from './lazy';

const load = () => Promise.resolve({ default: () => <p>the page</p> });

describe('page', () => {
  it('renders a preloaded page in the first render, without its fallback', async () => {
    const Page = page(load);
    await Page.preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('suspends a page not loaded yet, then shows it', async () => {
    const Page = page(load);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });
});
