// A row's one menu of actions, from the keyboard and the pointer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RowMenu, type MenuItem } from './row-menu';

afterEach(cleanup);

const items = (onSelect = vi.fn()): MenuItem[] => [
  { id: 'details', text: 'Details', name: 'Details of Asha', onSelect },
  { id: 'edit', text: 'Edit', name: 'Edit Asha', onSelect },
  { id: 'delete', text: 'Delete', name: 'Delete Asha', danger: true, onSelect },
];

describe('RowMenu', () => {
  it('opens on its first action, moves with the arrows, Home and End, and closes on Escape back on its button', () => {
    render(<RowMenu who="Asha" items={items()} />);
    const toggle = screen.getByRole('button', { name: 'Actions for Asha' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Edit Asha' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Details of Asha' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(screen.getByRole('button', { name: 'Edit Asha' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(screen.getByRole('button', { name: 'Delete Asha' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(screen.getByRole('button', { name: 'Details of Asha' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(screen.getByRole('button', { name: 'Delete Asha' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Delete Asha' })).toBeNull();
  });

  it('runs the action chosen, closes, and leaves the focus on its button for the dialog to give back', () => {
    const onSelect = vi.fn();
    render(<RowMenu who="Asha" items={items(onSelect)} />);
    const toggle = screen.getByRole('button', { name: 'Actions for Asha' });
    fireEvent.keyDown(toggle, { key: 'ArrowDown' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Asha' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('shows nothing for a row with nothing to do', () => {
    const { container } = render(<RowMenu who="Asha" items={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
