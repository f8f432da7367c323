import { useLayoutEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { finishTakeover, watchPainted } from './takeover';

// The page as the server paints it: a sign-in form, empty, with a link.
const PAINTED = `<main><form novalidate=""><div><label for="login-identifier">Email or Phone</label><input id="login-identifier" type="text" value="" name="identifier"></div><div><label for="login-password">Password</label><input id="login-password" type="password" value="" name="password"></div><label><input type="checkbox" name="remember"> Remember me</label><button type="submit" disabled>Log In</button></form><p><a href="/register">Sign up</a></p></main>`;

/** LoginPage draws the same form as the app does, controlled by React,
 * and says what its state holds. */
function LoginPage() {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  useLayoutEffect(finishTakeover, []);
  return (
    <main>
      <form noValidate>
        <div>
          <label htmlFor="login-identifier">Email or Phone</label>
          <input id="login-identifier" type="text" value={identifier} name="identifier" onChange={(e) => setIdentifier(e.target.value)} />
        </div>
        <div>
          <label htmlFor="login-password">Password</label>
          <input id="login-password" type="password" value={password} name="password" onChange={(e) => setPassword(e.target.value)} />
        </div>
        <label>
          <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember me
        </label>
        <button type="submit">Log In</button>
      </form>
      <p>
        <a href="/register">Sign up</a>
      </p>
      <output>{JSON.stringify({ identifier, password, remember })}</output>
    </main>
  );
}

let root: Root | null = null;
let el: HTMLElement;

function paint(): HTMLElement {
  el = document.createElement('div');
  el.id = 'root';
  el.innerHTML = PAINTED;
  document.body.appendChild(el);
  return el;
}

function takeOver() {
  act(() => {
    root = createRoot(el);
    root.render(<LoginPage />);
  });
}

function typeInPainted(id: string, value: string) {
  const box = document.getElementById(id) as HTMLInputElement;
  box.focus();
  box.value = value;
  box.dispatchEvent(new Event('input', { bubbles: true }));
  return box;
}

function state() {
  return JSON.parse(el.querySelector('output')!.textContent!);
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  el.remove();
});

describe('takeover', () => {
  it('carries what was typed and ticked on the painted form into the app’s, and the focus with its caret', async () => {
    watchPainted(paint());
    typeInPainted('login-identifier', 'amma@example.org');
    (el.querySelector('input[type=checkbox]') as HTMLInputElement).click();
    const password = typeInPainted('login-password', 'hare krishna');
    password.setSelectionRange(4, 4);
    takeOver();

    expect(state()).toEqual({ identifier: 'amma@example.org', password: 'hare krishna', remember: true });
    const now = document.activeElement as HTMLInputElement;
    expect(now.id).toBe('login-password');
    expect(now).not.toBe(password);
    expect(now.value).toBe('hare krishna');
    await Promise.resolve();
    expect([now.selectionStart, now.selectionEnd]).toEqual([4, 4]);
  });

  it('gives back the focus of an element without an id by its place', () => {
    watchPainted(paint());
    const link = el.querySelector('a')!;
    link.focus();
    takeOver();
    expect(document.activeElement).not.toBe(link);
    expect(document.activeElement?.textContent).toBe('Sign up');
    expect(state()).toEqual({ identifier: '', password: '', remember: false });
  });

  it('does not give back focus the visitor moved off the page herself', async () => {
    watchPainted(paint());
    const box = typeInPainted('login-identifier', 'amma');
    box.blur();
    // The app takes over in a later task than the visitor's tap.
    await Promise.resolve();
    takeOver();
    expect(document.activeElement).toBe(document.body);
    expect(state().identifier).toBe('amma');
  });

  it('does nothing when nothing was painted or watched', () => {
    paint();
    typeInPainted('login-identifier', 'not watched');
    takeOver();
    expect(state().identifier).toBe('');
    act(() => finishTakeover());
    expect(state().identifier).toBe('');
  });
});
