// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ViewErrorBoundary } from '../../viewer/src/layout/error-boundary';
import { mount, text, type Mounted } from './render';

let view: Mounted | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
});

function Broken(): never {
  throw new Error('rules.map is not a function');
}

describe('a view that fails', () => {
  it('is replaced by what failed, and comes back when the route changes', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    view = await mount(
      <ViewErrorBoundary resetKey="prod/rules/">
        <Broken />
      </ViewErrorBoundary>,
    );
    expect(text(view.container.querySelector('[role="alert"] h2'))).toBe('This view could not be shown');
    expect(text(view.container.querySelector('[role="alert"]'))).toContain('rules.map is not a function');
    const { act } = await import('react');
    await act(async () =>
      view!.root.render(
        <ViewErrorBoundary resetKey="prod/firing/">
          <p>fine</p>
        </ViewErrorBoundary>,
      ),
    );
    expect(text(view.container)).toBe('fine');
    quiet.mockRestore();
  });
});
